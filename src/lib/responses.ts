import { t, type TSchema } from "elysia";
import { integer } from "./schema";

/**
 * A route's answer for the OpenAPI document (/api/docs/json). Elysia does not check it per request
 * (t.NoValidate): the presenters are typed by these schemas, so tsc proves the shape once, and a
 * check per request would cost every call, the authenticated GETs included. Elysia still copies
 * only the declared fields out (its response normaliser), so nothing undeclared leaves the server.
 * A shallow copy carries the flag: on a schema shared with a body or query it would switch their checks off.
 */
export const answers = <S extends TSchema>(schema: S): S => t.NoValidate({ ...schema });

/** A timestamp: a Date on the server, an ISO 8601 string in the JSON (see Wire). */
export const isoDate = () => t.Unsafe<Date>(t.String({ format: "date-time" }));

/** Calls that answer only that they did it. */
export const okSchema = t.Object({ status: t.Literal("ok") });

/** Calls that answer the id they removed or changed. */
export const idSchema = t.Object({ id: integer() });

/**
 * A presented value as the browser receives it: what JSON.stringify makes of it (Dates become
 * strings). Islands type API answers as `Wire<PresentedX>` with `import type`, so no server code
 * reaches the client bundle.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
