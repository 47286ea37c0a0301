import { useSignals } from "@preact/signals-react/runtime";
import { mdiDelete, mdiPencil, mdiPrinter } from "@mdi/js";
import { useEffect, useState } from "react";
import { reportFailure } from "../../lib/failures";
import { AssetSections } from "../asset/AssetSections";
import { call, server } from "../../lib/server";
import { useConfirm } from "../../lib/ui/Confirm";
import { Dialog } from "../../lib/ui/Dialog";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import { Changelog } from "./Changelog";
import type { Editing, PoiObject } from "./edit-store";
import type { Template } from "./form-values";
import { MiniMap } from "./MiniMap";
import { ObjectForm } from "./ObjectForm";

/** What the details dialog shows of object `id`, read together; `version` bumps to read it again. */
function useDetails(id: number, version: number) {
  const [loaded, setLoaded] = useState<{
    object: PoiObject;
    template?: Template;
    metadata: Awaited<ReturnType<typeof loadMetadata>>;
    changelog: Awaited<ReturnType<typeof loadChangelog>>;
  }>();
  useEffect(() => {
    let gone = false;
    Promise.all([call(server["layer-poi"]["find-by-id"].get({ query: { id } })), loadMetadata(id), loadChangelog(id), call(server["layer-poi-template"].get())]).then(
      ([object, metadata, changelog, templates]) => gone || setLoaded({ object, metadata, changelog, template: templates.find((x) => x.id === object.template.id) }),
      reportFailure,
    );
    return () => {
      gone = true;
    };
  }, [id, version]);
  return loaded;
}
const loadMetadata = (lpId: number) => call(server["layer-poi"]["get-metadata"].get({ query: { lpId } }));
const loadChangelog = (lpId: number) => call(server["layer-poi"].changelog.get.get({ query: { lpId } }));

function ToolButton({ label, icon, onClick }: { label: string; icon: string; onClick: () => void }) {
  return (
    <button type="button" className="map__icon-button" aria-label={label} title={label} onClick={onClick}>
      <Icon path={icon} />
    </button>
  );
}

/**
 * The LAYER_POI details dialog (spec 3), the object's card as its asset page: a mini-map, the action toolbar (edit on
 * the map and delete for editors, print), the metadata counts, the fields (saved by editors), its documents, files and
 * tasks (islands/maps/asset) and the changelog.
 */
export function DetailsDialog({ editing, canEdit, projectId }: { editing: Editing; canEdit: boolean; projectId: number }) {
  useSignals();
  const id = editing.details.value;
  return id ? <Details key={id} id={id} editing={editing} canEdit={canEdit} projectId={projectId} /> : null;
}

function Details({ id, editing, canEdit, projectId }: { id: number; editing: Editing; canEdit: boolean; projectId: number }) {
  const { t, tf } = useT();
  const [version, setVersion] = useState(0);
  const [question, ask] = useConfirm();
  const details = useDetails(id, version);
  const object = details?.object;
  const remove = async () => {
    if (!object || !(await ask({ title: t("map.details.deleteTitle"), text: tf("map.details.deleteText", { name: object.name }), confirm: t("map.details.delete") }))) return;
    try {
      await call(server["layer-poi"].delete({}, { query: { id: object.id } }));
      editing.deleted(object);
    } catch (error) {
      reportFailure(error);
    }
  };
  return (
    <Dialog title={object?.name ?? "…"} id="map-details" className="map__dialog map-details" onClose={editing.closeDetails}>
      {object && details && (
        <>
          <div className="map-details__tools" role="toolbar" aria-label={t("map.details.toolbar")}>
            {canEdit && <ToolButton label={t("map.details.edit")} icon={mdiPencil} onClick={() => void editing.edit(object)} />}
            {canEdit && <ToolButton label={t("map.details.delete")} icon={mdiDelete} onClick={() => void remove()} />}
            <ToolButton label={t("map.details.print")} icon={mdiPrinter} onClick={() => window.print()} />
          </div>
          <MiniMap geometry={object.geometry} />
          <p className="map-details__counts">
            {tf("map.details.counts", { issues: details.metadata.issueCount, data: details.metadata.attachedDataCount, files: details.metadata.attachedFilesCount })}
          </p>
          {details.template && (
            <ObjectForm
              key={object.version}
              formId="map-details-form"
              template={details.template}
              layerId={object.layer.id}
              geometry={object.geometry}
              object={object}
              readOnly={!canEdit}
              onSaved={(saved) => {
                editing.saved(saved);
                setVersion((n) => n + 1);
              }}
              onReload={() => setVersion((n) => n + 1)}
            >
              <div className="dialog-actions">
                <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
                  {t("map.details.print")}
                </button>
                {canEdit && (
                  <button type="submit" className="btn">
                    {t("map.object.save")}
                  </button>
                )}
              </div>
            </ObjectForm>
          )}
          <AssetSections objectId={object.id} layerId={object.layer.id} projectId={projectId} canEdit={canEdit} onChanged={() => setVersion((n) => n + 1)} />
          <Changelog entries={details.changelog} />
        </>
      )}
      {question}
    </Dialog>
  );
}
