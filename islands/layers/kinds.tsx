import type { ComponentType } from "react";
import type { LayerKind, TileProjection } from "../../src/modules/layers/kinds";
import { call, server } from "../lib/server";
import { PoiKindFields } from "./PoiKindFields";
import { XyzKindFields } from "./XyzKindFields";

/** What the create dialog holds for the kind-specific part of a new layer. */
export interface KindDraft {
  url: string;
  projection: TileProjection;
  templateIds: number[];
}

/** A kind's fields in the create dialog: the draft, how to change it, and the message of a field the check refused. */
export interface KindFieldsProps {
  draft: KindDraft;
  change: (next: Partial<KindDraft>) => void;
  error?: string;
  canAdmin: boolean;
}

/**
 * A layer kind the create dialog offers: its fields, and what of the draft layer/save takes. WMS/WFS and ZWS come
 * with a later issue as entries here (their fields and body), with no change to the dialog.
 */
export interface CreatableKind {
  kind: LayerKind;
  Fields: ComponentType<KindFieldsProps>;
  /** The kind's part of layer/save's body. */
  body: (draft: KindDraft) => { url?: string; projection?: TileProjection };
  /** After the save: what the kind does with the new layer (the points kind binds its templates). */
  afterSave?: (layerId: number, draft: KindDraft) => Promise<unknown>;
}

export const CREATABLE_KINDS: CreatableKind[] = [
  { kind: "LAYER_POI", Fields: PoiKindFields, body: () => ({}), afterSave: (layerId, draft) => bindAll(layerId, draft.templateIds) },
  { kind: "XYZ", Fields: XyzKindFields, body: (draft) => ({ url: draft.url.trim(), projection: draft.projection }) },
];

async function bindAll(layerId: number, templateIds: number[]) {
  for (const templateId of templateIds) await call(server.layer["bind-poi-template"].post({}, { query: { layerId, templateId } }));
}
