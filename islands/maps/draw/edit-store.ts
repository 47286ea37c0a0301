import { batch, computed, type Signal, signal } from "@preact/signals-react";
import { reportFailure } from "../../lib/failures";
import { t } from "../../lib/i18n";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";
import type { MapController } from "../map-controller";
import type { LayerConfig } from "../store";
import type { ObjectEditor } from "./editor";
import type { Template } from "./form-values";

export type PoiObject = Awaited<ReturnType<typeof findObject>>;
/** A layer objects can be made in, with the active templates it offers. */
export interface OfferedLayer {
  layerId: number;
  layerName: string;
  templates: Template[];
}
/** What is being drawn or edited (edit mode, spec 3 section 4): in which layer, of which template, and the object when it exists. */
export interface EditSession {
  layerId: number;
  template: Template;
  object?: PoiObject;
}

const findObject = (id: number) => call(server["layer-poi"]["find-by-id"].get({ query: { id } }));
const allTemplates = () => call(server["layer-poi-template"].get());

/**
 * Creating and editing objects on the map (spec 3, "Create-object dialog", "States and transitions"): the
 * create-object dialog's layers, the session while a shape is drawn or edited (edit mode on), the
 * attribute dialog once the shape is saved, and the details dialog of an object. OpenLayers' editing
 * interactions (islands/maps/draw/editor.ts) load on the first drawing.
 */
export function createEditing(controllerOf: () => MapController | undefined, layers: Signal<LayerConfig[]>) {
  const offered = signal<OfferedLayer[] | null>(null);
  const session = signal<EditSession | null>(null);
  /** The drawn shape (GeoJSON text in degrees) while the attribute dialog is open. */
  const shape = signal<string | null>(null);
  /** The object whose details dialog is open. */
  const details = signal<number | null>(null);
  let editor: ObjectEditor | undefined;

  const begin = async (next: EditSession, start: (editor: ObjectEditor) => void) => {
    const controller = controllerOf();
    if (!controller) return;
    const { ObjectEditor } = await import("./editor");
    editor?.dispose();
    editor = new ObjectEditor(controller.map, next.template.graphType);
    start(editor);
    batch(() => {
      offered.value = null;
      details.value = null;
      shape.value = null;
      session.value = next;
    });
  };
  const stop = () => {
    editor?.dispose();
    editor = undefined;
    batch(() => {
      session.value = null;
      shape.value = null;
    });
  };

  return {
    offered,
    session,
    shape,
    details,
    /** Whether any part of creating or editing shows (its components load on demand). */
    open: computed(() => Boolean(offered.value || session.value || details.value)),
    /** Add object: the visible layers that are not tiles, with their active templates; 'Нет доступных слоев' when there are none. */
    async chooseLayer() {
      const candidates = layers.value.filter((config) => config.visible && config.layer.type === "LAYER_POI");
      try {
        const answer = candidates.length ? await call(server["layer-poi-template"]["by-layers"].get({ query: { layerIds: candidates.map((c) => c.layer.id).join(",") } })) : [];
        const list = answer
          .map((layer) => ({ layerId: layer.id, layerName: candidates.find((c) => c.layer.id === layer.id)?.layer.name ?? "", templates: layer.poiTemplates.filter((x) => x.isActive) }))
          .filter((layer) => layer.templates.length > 0);
        if (list.length) offered.value = list;
        else snack(t("map.noLayers"));
      } catch (error) {
        reportFailure(error);
      }
    },
    closeChooser() {
      offered.value = null;
    },
    /** Starts drawing a new object of `template` in layer `layerId`. */
    draw: (layerId: number, template: Template) => begin({ layerId, template }, (made) => made.drawNew()),
    /** Starts moving and reshaping object `object` (its template looked up among all, an inactive one too). */
    async edit(object: PoiObject) {
      try {
        const template = (await allTemplates()).find((x) => x.id === object.template.id);
        if (template) await begin({ layerId: object.layer.id, template, object }, (made) => made.editExisting(object.geometry));
      } catch (error) {
        reportFailure(error);
      }
    },
    /** The newer version of the edited object, after a stale save: its shape and values replace the person's. */
    async reload() {
      const current = session.value;
      if (!current?.object) return;
      try {
        const newer = await findObject(current.object.id);
        await begin({ ...current, object: newer }, (made) => made.editExisting(newer.geometry));
      } catch (error) {
        reportFailure(error);
      }
    },
    /** Space while drawing: a vertex at the map's centre. */
    addVertex() {
      editor?.addVertexAtCentre();
    },
    /** Enter while drawing: ends the sketch as a double click would. */
    finishSketch() {
      editor?.finishSketch();
    },
    /** The draw bar's Save: the shape goes to the attribute dialog, or 'Error' when it has too few points. */
    saveShape() {
      const read = editor?.read();
      if (!read) return;
      if ("problem" in read) snack(t(read.problem === "too_few" ? "map.draw.tooFew" : "map.draw.nothing"), "error");
      else shape.value = read.geometry;
    },
    /** Back from the attribute dialog to the drawing, which is kept. */
    closeForm() {
      shape.value = null;
    },
    /** Cancel: the drawing is cleared and edit mode ends. */
    cancel: stop,
    /** A save went through: the drawing is cleared, the layer's objects are drawn anew. */
    saved(object: PoiObject) {
      stop();
      controllerOf()?.reloadObjects(object.layer.id);
      snack(t("map.object.saved"), "success");
    },
    /** An object was deleted from its details dialog. */
    deleted(object: PoiObject) {
      details.value = null;
      controllerOf()?.reloadObjects(object.layer.id);
      snack(t("map.object.deleted"));
    },
    showDetails(id: number) {
      details.value = id;
    },
    closeDetails() {
      details.value = null;
    },
  };
}

export type Editing = ReturnType<typeof createEditing>;
