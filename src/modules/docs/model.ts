import { t, type Static } from "elysia";
import { VERSION_DESCRIPTION_MAX } from "../../../db/schema";
import { dataItemInput } from "../data/model";
import { Id, Whole } from "../../lib/ids";

const positive = Id();
export const idParams = t.Object({ id: positive });
const stagedPath = t.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });

export const addVersionBody = t.Object({
  data: t.Object({ id: t.Integer({ minimum: 1 }) }),
  path: stagedPath,
  name: t.Optional(t.String({ maxLength: 1000 })),
  description: t.Optional(t.String({ maxLength: 10_000 })),
});
export type AddVersionInput = Static<typeof addVersionBody>;

export const updateVersionBody = t.Object({
  id: t.Integer({ minimum: 1 }),
  name: t.Optional(t.String({ maxLength: 1000 })),
  description: t.Optional(t.String({ maxLength: 10_000 })),
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
    versionDescription: t.Optional(t.String({ maxLength: 10_000 })),
  }),
  { minItems: 1, maxItems: 100 },
);
export type SaveAllInput = Static<typeof saveAllBody>;

export const bodyQuery = t.Object({ part: t.Optional(Whole(1_000_000)) });
export const VERSION_DESCRIPTION_LIMIT = VERSION_DESCRIPTION_MAX;
