import { t } from "elysia";
import { Id } from "../../lib/ids";
import { REPORT_LIMITS } from "./limits";

export const idParams = t.Object({ id: Id() });

/** report/save: a report's new body (HTML; sanitised with the `report` setting). */
export const saveBody = t.Object({
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  body: t.String({ maxLength: REPORT_LIMITS.body }),
});

const EXPORT_FORMATS = ["pdf", "docx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuery = t.Object({ format: t.UnionEnum(EXPORT_FORMATS, { default: undefined }) });

/** A data: URL of at most REPORT_LIMITS.imageBytes once decoded (base64 grows by a third). */
const imageText = t.String({ maxLength: Math.ceil(REPORT_LIMITS.imageBytes / 3) * 4 + 64 });

/** report/export: the charts as the reader's page drew them, PNG data: URLs by data id. */
export const exportBody = t.Optional(t.Object({ images: t.Optional(t.Record(t.String(), imageText)) }));
