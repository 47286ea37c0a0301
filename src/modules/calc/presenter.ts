import { t } from "elysia";
import { oneOf } from "../../lib/schema";

const cell = t.Union([t.String(), t.Number(), t.Boolean(), t.Null()]);

/** calc/invoke's answer (result.ts): `kind` says whether `result` is HTML, a table or JSON text. */
export const calcResultSchema = t.Object({
  kind: oneOf(["html", "table", "text"] as const),
  result: t.Union([t.String(), t.Object({ headers: t.Array(t.String()), rows: t.Array(t.Array(cell)) })]),
});

/** One cell of a table result. */
export type CalcCell = string | number | boolean | null;

/** What calc/invoke answers: sanitised HTML, a table, or main's value as JSON text (empty for undefined). */
export type CalcResult =
  | { kind: "html"; result: string }
  | { kind: "table"; result: { headers: string[]; rows: CalcCell[][] } }
  | { kind: "text"; result: string };
