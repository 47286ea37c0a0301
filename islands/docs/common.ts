import type { Wire } from "../../src/lib/responses";
import type { PresentedVersion } from "../../src/modules/docs/presenter";

/** A document version as GET /api/docs/get-all-versions lists it. */
export type Version = Wire<PresentedVersion>;
export type VersionType = Version["type"];

export const fileUrl = (id: number, inline = false) => `/api/files/get-doc-version/${id}${inline ? "?inline=1" : ""}`;
