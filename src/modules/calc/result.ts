import { CALC_LIMITS } from "./limits";
import type { CalcCell as Cell, CalcResult } from "./presenter";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const cell = (value: unknown): Cell =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : value === undefined ? null : JSON.stringify(value);

function fromRecords(records: Record<string, unknown>[]): CalcResult {
  const headers: string[] = [];
  for (const record of records) {
    for (const key of Object.keys(record)) if (!headers.includes(key) && headers.length < CALC_LIMITS.columns) headers.push(key);
  }
  return { kind: "table", result: { headers, rows: records.slice(0, CALC_LIMITS.rows).map((record) => headers.map((key) => cell(record[key]))) } };
}

/** `{ headers, rows }` as main may return it: headers a list of texts, rows lists of cells. */
function fromGrid(value: Record<string, unknown>): CalcResult | undefined {
  const { headers, rows } = value;
  if (!Array.isArray(headers) || !Array.isArray(rows) || !rows.every(Array.isArray)) return undefined;
  const names = headers.slice(0, CALC_LIMITS.columns).map((h) => String(h));
  return { kind: "table", result: { headers: names, rows: (rows as unknown[][]).slice(0, CALC_LIMITS.rows).map((row) => names.map((_, i) => cell(row[i]))) } };
}

/**
 * main's value (as JSON text, null for undefined) as the API presents it (see the contract in limits.ts), made
 * in the sandbox thread so a megabyte of JSON is parsed off the event loop. HTML (a string) is the service's.
 */
export function presentValue(text: string | null): CalcResult {
  if (text === null) return { kind: "text", result: "" };
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) return fromRecords(value);
  return (isRecord(value) && fromGrid(value)) || { kind: "text", result: text };
}
