import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { widgets, type DataItem, type User } from "../../../db/schema";
import { conflict, invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { requireProjectRole } from "../projects/policy";
import { GRID, MIN_SIZE, SOURCE_TYPE } from "./limits";
import type { WidgetInput } from "./model";
import { requireWidget, shownSource } from "./policy";
import { presentWidget, type PresentedWidget } from "./presenter";

/** widget/get-all: the project's widgets by position, without those over data the reader may not see. */
export function listWidgets(db: Db, actor: User, projectId: number): PresentedWidget[] {
  requireProjectRole(db, actor, projectId);
  const rows = db.select().from(widgets).where(eq(widgets.projectId, projectId)).orderBy(asc(widgets.y), asc(widgets.x), asc(widgets.id)).all();
  return rows.flatMap((widget) => {
    if (widget.dataId === null) return [presentWidget(widget, undefined)];
    const source = shownSource(db, actor, widget.dataId);
    return source ? [presentWidget(widget, source)] : [];
  });
}

const detail = (path: string, code: string, message: string): ErrorDetail => ({ path, message, code: `widget.error.${code}` });

/**
 * What is wrong with one widget of `projectId` (paths under `path`), and its source. A source the actor
 * may not see answers 404 at once, as data/get would.
 */
function check(db: Db, actor: User, projectId: number, input: WidgetInput, path: string) {
  const { type, layout } = input;
  const problems: ErrorDetail[] = [];
  if (layout.x + layout.w > GRID.columns) problems.push(detail(`${path}.layout.w`, "outsideGrid", `x + w must be at most ${GRID.columns}`));
  if (layout.y + layout.h > GRID.rows) problems.push(detail(`${path}.layout.h`, "outsideGrid", `y + h must be at most ${GRID.rows}`));
  const min = MIN_SIZE[type];
  if (layout.w < min.w || layout.h < min.h) problems.push(detail(`${path}.layout`, "tooSmall", `A ${type} widget is at least ${min.w} by ${min.h}`));
  let source: DataItem | undefined;
  const sourceId = input.abstractData?.id;
  if (sourceId === undefined) {
    if (type !== "SENSOR") problems.push(detail(`${path}.abstractData`, "sourceRequired", "Choose the data this widget shows"));
  } else {
    source = requireDataItem(db, actor, sourceId).item;
    const at = `${path}.abstractData.id`;
    if (source.projectId !== projectId) problems.push(detail(at, "otherProject", "The data must belong to this project"));
    else if (!source.isActive) problems.push(detail(at, "sourceRemoved", "This data item was removed"));
    else if (source.dataType !== SOURCE_TYPE[type]) problems.push(detail(at, "wrongSource", `A ${type} widget shows a ${SOURCE_TYPE[type]} item`));
  }
  return { input, source, problems };
}

type Checked = ReturnType<typeof check>;

/** Stores checked widgets of one project together: an id that is not one of its widgets, or too many, and none is. */
function store(tx: Executor, projectId: number, entries: Checked[]): PresentedWidget[] {
  const ids = entries.flatMap(({ input }) => (input.id ? [input.id] : []));
  const known = ids.length
    ? new Set(tx.select({ id: widgets.id }).from(widgets).where(and(eq(widgets.projectId, projectId), inArray(widgets.id, ids))).all().map((r) => r.id))
    : new Set<number>();
  if (ids.some((id) => !known.has(id))) throw notFound("widget");
  const added = entries.length - ids.length;
  const [{ total }] = tx.select({ total: count() }).from(widgets).where(eq(widgets.projectId, projectId)).all();
  if (added && total! + added > GRID.widgets) throw conflict("widget_limit", `A dashboard holds at most ${GRID.widgets} widgets`);
  return entries.map(({ input, source }) => {
    const { x, y, w, h } = input.layout;
    const values = { type: input.type, dataId: source?.id ?? null, x, y, w, h };
    const row = input.id
      ? tx.update(widgets).set(values).where(eq(widgets.id, input.id)).returning().get()
      : tx.insert(widgets).values({ ...values, projectId }).returning().get();
    return presentWidget(row!, source);
  });
}

/** widget/save: one widget, made or changed; MODERATOR in its project. */
export function saveWidget(db: Db, actor: User, input: WidgetInput): PresentedWidget {
  const projectId = input.project.id;
  requireProjectRole(db, actor, projectId, "MODERATOR");
  const entry = check(db, actor, projectId, input, "body");
  if (entry.problems.length) throw invalid(entry.problems);
  return db.transaction((tx) => store(tx, projectId, [entry]))[0]!;
}

/** widget/save-all: the layout (and sources) of several widgets of one project, all stored or none. */
export function saveAllWidgets(db: Db, actor: User, inputs: WidgetInput[]): PresentedWidget[] {
  const projectId = inputs[0]!.project.id;
  const problems: ErrorDetail[] = [];
  const seen = new Set<number>();
  inputs.forEach((input, n) => {
    if (input.project.id !== projectId) problems.push({ path: `body.${n}.project.id`, message: "Every widget must belong to the same project" });
    if (input.id && seen.has(input.id)) problems.push({ path: `body.${n}.id`, message: "This widget is listed twice" });
    if (input.id) seen.add(input.id);
  });
  if (problems.length) throw invalid(problems);
  requireProjectRole(db, actor, projectId, "MODERATOR");
  const entries = inputs.map((input, n) => check(db, actor, projectId, input, `body.${n}`));
  const all = entries.flatMap((entry) => entry.problems);
  if (all.length) throw invalid(all);
  return db.transaction((tx) => store(tx, projectId, entries));
}

/** widget/remove: MODERATOR in the widget's project. */
export function removeWidget(db: Db, actor: User, id: number) {
  requireWidget(db, actor, id, "MODERATOR");
  db.delete(widgets).where(eq(widgets.id, id)).run();
  return { id };
}
