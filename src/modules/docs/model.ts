import { t, type Static } from "elysia";
import { dataItemInput } from "../data/model";
import { Id, Whole } from "../../lib/ids";
import { trimmedText } from "../../lib/schema";
import { UPLOAD_BATCH_MAX, VERSION_LIMITS } from "./limits";

const positive = Id();
export const idParams = t.Object({ id: positive });
const stagedPath = t.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });
/** A staged upload's name in a path (files/get-temp-file). */
export const stagedPathParam = stagedPath;

export const addVersionBody = t.Object({
  data: t.Object({ id: t.Integer({ minimum: 1 }) }),
  path: stagedPath,
  name: t.Optional(trimmedText(VERSION_LIMITS.name)),
  description: t.Optional(trimmedText(VERSION_LIMITS.description)),
});
export type AddVersionInput = Static<typeof addVersionBody>;

export const updateVersionBody = t.Object({
  id: t.Integer({ minimum: 1 }),
  name: t.Optional(trimmedText(VERSION_LIMITS.name)),
  description: t.Optional(trimmedText(VERSION_LIMITS.description)),
});
export type UpdateVersionInput = Static<typeof updateVersionBody>;

/** One document of the upload wizard: the shared data fields and the uploaded file. */
export const saveAllBody = t.Array(
  t.Object({
    ...dataItemInput.properties,
    // Without a name the document is called after its file.
    name: t.Optional(dataItemInput.properties.name),
    dataType: t.Optional(t.Literal("DOC")),
    path: stagedPath,
    versionDescription: t.Optional(trimmedText(VERSION_LIMITS.description)),
  }),
  { minItems: 1, maxItems: UPLOAD_BATCH_MAX },
);
export type SaveAllInput = Static<typeof saveAllBody>;

export const bodyQuery = t.Object({ part: t.Optional(Whole(1_000_000)) });
/** `h` is the picture's hash, which only makes two versions' addresses of one picture comparable. */
export const pictureQuery = t.Object({ n: Whole(1_000_000), h: t.Optional(t.String({ maxLength: 16 })) });
