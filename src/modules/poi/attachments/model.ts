import { t, type Static } from "elysia";
import { Id } from "../../../lib/ids";

const id = () => t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const lpIdQuery = t.Object({ lpId: Id() });
export const idQuery = t.Object({ id: Id() });
export const idParams = t.Object({ id: Id() });
export const attachedDataQuery = t.Object({ lpAttachedAd: Id() });
export const addAttachedDataBody = t.Object({ lpId: id(), adId: id() });

/** Files of the actor's own drive to attach to object `lpId`. */
export const attachRecordsBody = t.Object({ lpId: id(), files: t.Array(t.Object({ id: id() }), { minItems: 1, maxItems: 50 }) });
export type AttachRecordsInput = Static<typeof attachRecordsBody>;

/** A feature of a layer by its key: a point of interest's id, or a ZWS/WMS feature's sys. */
const featureSys = t.String({ minLength: 1, maxLength: 255, pattern: "^\\S(.*\\S)?$" });
export const featureQuery = t.Object({ layerId: Id(), featureSys });
export const bindQuery = t.Object({ layerId: Id(), featureSys, abstractDataId: Id() });
export type BindInput = Static<typeof bindQuery>;
