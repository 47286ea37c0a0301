import { t } from "elysia";
import { DATA_TYPES } from "../../../../db/schema";
import { isoDate } from "../../../lib/responses";
import { integer, oneOf } from "../../../lib/schema";

const abstractData = t.Object({ id: integer(), name: t.String(), dataType: oneOf(DATA_TYPES), projectId: integer() });
export const attachedDataSchema = t.Object({ id: integer(), abstractData, creationDate: isoDate() });
export const attachedFileSchema = t.Object({
  id: integer(),
  token: t.String(),
  name: t.String(),
  type: t.String(),
  mime: t.String(),
  size: integer(),
  owner: t.Object({ id: integer() }),
  creationDate: isoDate(),
});
const issueSchema = t.Object({ id: integer(), name: t.String(), status: t.String() });
export const relatedDataSchema = t.Object({ issueList: t.Array(issueSchema), dataList: t.Array(attachedDataSchema) });
