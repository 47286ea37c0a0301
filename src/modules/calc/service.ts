import { availableParallelism } from "node:os";
import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { cleanHtml } from "../../lib/clean-html";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import type { JobOptions } from "../../lib/untrusted-worker";
import { parseNumber } from "../../lib/numbers";
import { saveDataItem } from "../data/service";
import { requireProjectRole } from "../projects/policy";
import { CALC_LIMITS, type CalcProp, cleanProp, DEFAULT_SCRIPT, propProblem, readProps } from "./limits";
import { CalcPool } from "./pool";
import type { CalcResult } from "./presenter";

interface SaveInput {
  id?: number | null;
  project?: { id: number };
  name?: string;
  description?: string | null;
  categoryList?: { id: number }[] | null;
  script?: string;
  props?: string;
}

interface PropValue {
  variable: string;
  /** A number, or text read in the caller's locale (src/lib/numbers: "18,5" from a Russian page). */
  value: number | string;
}

/**
 * The sandbox threads of this process: two to four (one core is left to the server), up to 256
 * invocations waiting for one (past that calc/invoke answers 503 calc_busy) and 32 per user (429),
 * enough for a dashboard of calculation widgets opened at once.
 */
let shared: CalcPool | undefined;
const pool = () => (shared ??= new CalcPool({ workers: Math.min(4, Math.max(2, availableParallelism() - 1)), queue: 256, perOwner: 32, graceMs: 500 }));

/** The props JSON text as a checked list (normalised by cleanProp), or a 422 naming each bad entry. */
function checkProps(text: string): CalcProp[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid([{ path: "body.props", message: "Must be JSON text" }]);
  }
  if (!Array.isArray(value)) throw invalid([{ path: "body.props", message: "Must be a list of { variable, name }" }]);
  if (value.length > CALC_LIMITS.props) throw invalid([{ path: "body.props", message: "calc.tooManyProps", code: "calc.tooManyProps" }]);
  const props = value.map(cleanProp);
  const details: ErrorDetail[] = props.flatMap((prop, i) => {
    const given = (value[i] as { value?: unknown } | null)?.value;
    // A default must be a number: text such as "18,5" is refused, never dropped or guessed.
    const problem = given !== undefined && given !== null && prop.value === undefined ? "calc.defaultInvalid" : propProblem(prop, i, props);
    return problem ? [{ path: `body.props[${i}]`, message: problem, code: problem }] : [];
  });
  if (details.length) throw invalid(details);
  return props;
}

function checkScript(script: string | undefined) {
  if (script !== undefined && Buffer.byteLength(script) > CALC_LIMITS.scriptBytes) {
    throw invalid([{ path: "body.script", message: "calc.scriptTooLarge", code: "calc.scriptTooLarge" }]);
  }
}

/** A CALC's content as data/save gives it, checked as calc/save checks it (props stored normalised). */
export const CALC_CONTENT = {
  script(text: string) {
    checkScript(text);
    return text;
  },
  props: (text: string) => JSON.stringify(checkProps(text)),
};

/** calc/save: MODERATOR in the calculation's project; creates one (default script, no props) without `id`. */
export function saveCalc(db: Db, actor: User, input: SaveInput) {
  const existing = input.id ? requireDataItem(db, actor, input.id, { type: "CALC", needed: "MODERATOR" }).item : undefined;
  if (!existing) {
    if (!input.project) throw invalid([{ path: "body.project", message: "A project is required" }]);
    requireProjectRole(db, actor, input.project.id, "MODERATOR");
  }
  checkScript(input.script);
  const props = input.props === undefined ? undefined : JSON.stringify(checkProps(input.props));
  const fields = { description: input.description, categoryList: input.categoryList, dataType: "CALC" as const };
  if (existing) {
    return saveDataItem(db, actor, { ...fields, id: existing.id, project: { id: existing.projectId }, name: input.name ?? existing.name, script: input.script, props });
  }
  return saveDataItem(db, actor, { ...fields, project: input.project!, name: input.name ?? "", script: input.script ?? DEFAULT_SCRIPT, props: props ?? "[]" });
}

/** The numbers main receives, by variable: one for each declared prop, or a 422 naming the missing and unreadable ones. */
function propValues(props: CalcProp[], given: PropValue[], locale: string): Record<string, number> {
  const values = new Map(given.map((p) => [p.variable, p.value]));
  const details: ErrorDetail[] = [];
  const out: Record<string, number> = {};
  props.forEach((prop, i) => {
    const value = values.get(prop.variable);
    const read = typeof value === "string" ? parseNumber(value, locale) : undefined;
    if (read && !read.ok && read.problem !== "empty") details.push({ path: `body[${i}].value`, message: `common.number.${read.problem}`, code: `common.number.${read.problem}` });
    else if (read?.ok) out[prop.variable] = read.value;
    else if (typeof value === "number" && Number.isFinite(value)) out[prop.variable] = value;
    else details.push({ path: `body[${i}].value`, message: "calc.valueRequired", code: "calc.valueRequired" });
  });
  if (details.length) throw invalid(details);
  return out;
}

const encoder = new TextEncoder();

const FAILURES = {
  failed: [422, "calc_failed"],
  timeout: [422, "calc_timeout"],
  memory: [422, "calc_memory"],
  tooDeep: [422, "html_too_deep"],
} as const;

/**
 * calc/invoke: any member who sees the calculation runs its script in the sandbox with the given
 * numbers (or their text in the caller's locale). A script that throws, runs out of time or memory answers 422 (calc_failed with the line in
 * `details`, calc_timeout, calc_memory); a full pool 503 calc_busy, a user past their share 429
 * too_many_jobs; a calculation whose caller left (`options.signal`) is dropped or stopped. An HTML result is cleaned in the
 * untrusted worker; one nested past the cap is refused in the sandbox thread (422 html_too_deep). Answers the
 * CalcResult as JSON bytes: any result but HTML serialised in the sandbox thread, so a megabyte costs the loop nothing.
 */
export async function invokeCalc(db: Db, actor: User, id: number, given: PropValue[], locale = "en", options: JobOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { item } = requireDataItem(db, actor, id, { type: "CALC" });
  const props = propValues(readProps(item.props), given, locale);
  const reply = await pool().run({ script: item.script ?? DEFAULT_SCRIPT, props }, actor.id, options.signal);
  if (reply.ok) return "html" in reply ? encoder.encode(JSON.stringify({ kind: "html", result: await cleanHtml(reply.html, "calcResult", "result", options) } satisfies CalcResult)) : reply.json;
  const [status, code] = FAILURES[reply.reason];
  throw new AppError(status, code, reply.message, [{ path: "script", message: reply.message, ...(reply.line ? { line: reply.line } : {}) }]);
}
