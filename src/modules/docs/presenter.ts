import { t, type Static } from "elysia";
import { VERSION_TYPES, type DocVersion } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { integer, oneOf } from "../../lib/schema";

const authorSchema = t.Object({ id: integer(), firstName: t.String(), lastName: t.String() });
type Author = Static<typeof authorSchema> | null;

/** A document version as the docs calls answer it: never its stored path or its converted body. */
export const versionSchema = t.Object({
  id: integer(),
  dataId: integer(),
  name: t.String(),
  description: t.String(),
  type: oneOf(VERSION_TYPES),
  fileName: t.String(),
  size: integer(),
  mime: t.String(),
  authorId: t.Nullable(integer()),
  author: t.Nullable(authorSchema),
  creationDate: isoDate(),
  isActive: t.Boolean(),
  hasBody: t.Boolean(),
});
export type PresentedVersion = Static<typeof versionSchema>;

export const presentVersion = (v: Omit<DocVersion, "text">, author: Author = null): PresentedVersion => ({
  id: v.id,
  dataId: v.dataId,
  name: v.name,
  description: v.description,
  type: v.type,
  fileName: v.fileName,
  size: v.size,
  mime: v.mime,
  authorId: v.authorId,
  author: author ? { id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
  creationDate: v.creationDate,
  isActive: v.isActive,
  hasBody: !!v.body,
});

/** A file staged by files/save, waiting for a version or the upload wizard to claim it by `path`. */
export const stagedSchema = t.Object({ path: t.String(), fileName: t.String(), type: oneOf(VERSION_TYPES), size: integer() });
export type StagedFile = Static<typeof stagedSchema>;

/** One part of a converted DOCX body. */
export const bodyPartSchema = t.Object({ id: integer(), part: integer(), totalParts: integer(), body: t.String() });

/** A document the upload wizard saved, with its first version. */
export const savedDocumentSchema = t.Object({ id: integer(), name: t.String(), version: versionSchema });

/** What the document page renders before its scripts come (body-service.ts versionPreview). */
export type VersionPreview =
  | { versionId: number; html: string; complete: boolean; text?: undefined }
  | { versionId: number; text: string; html?: undefined; complete?: undefined };
