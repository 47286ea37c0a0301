import type { CleanHtml } from "../../lib/clean-html";
import { t, type Static } from "elysia";
import { DATA_STATUSES, DATA_TYPES } from "../../../db/schema";
import { Id } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { LIMITS } from "./limits";

const id = Id();
const ref = t.Object({ id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const text = (max: number) => t.String({ maxLength: max });
const nullableText = (max: number) => t.Optional(t.Nullable(text(max)));

// Without a default: an optional status left out of an update would otherwise become NO_DATA, a list without a type DOC.

const dataType = oneOf(DATA_TYPES);
const dataStatus = oneOf(DATA_STATUSES);

export const idQuery = t.Object({ id });

/** A provider as free text (found or created by name, case-insensitively), a reference to one, or none. */
const providerInput = t.Nullable(
  t.Union([
    text(LIMITS.providerName),
    // Each object form has a required field: an object of optional fields alone lets an array through as `{}`.
    t.Object({ id: ref.properties.id, name: t.Optional(t.Nullable(text(LIMITS.providerName))), description: t.Optional(t.Nullable(text(LIMITS.providerDescription))) }),
    t.Object({ id: t.Optional(t.Null()), name: text(LIMITS.providerName), description: t.Optional(t.Nullable(text(LIMITS.providerDescription))) }),
  ]),
);

/**
 * Keywords as free text: plain strings or `{ value }` objects (an `id` the client echoes back is
 * ignored). A union of two array types, not an array of a union: Elysia 1.4 turns a string sent
 * for an array of unions into an array of its characters instead of refusing it.
 */
const keywordsInput = t.Union([
  t.Array(text(LIMITS.keyword), { maxItems: LIMITS.keywords }),
  t.Array(t.Object({ value: text(LIMITS.keyword), id: t.Optional(t.Integer()) }), { maxItems: LIMITS.keywords }),
]);

/** The fields every data type shares; what is type-specific goes in value (JSON text), body (HTML), script and props. */
export const dataItemInput = t.Object({
  dataType,
  name: trimmedText(LIMITS.name), // the service refuses an empty one too
  description: nullableText(LIMITS.description),
  shortDescription: nullableText(LIMITS.shortDescription),
  provider: t.Optional(providerInput),
  keywords: t.Optional(t.Nullable(keywordsInput)),
  categoryList: t.Optional(t.Nullable(t.Array(ref, { maxItems: LIMITS.categories }))),
  status: t.Optional(dataStatus),
  icon: nullableText(LIMITS.icon),
  value: nullableText(LIMITS.content),
  body: nullableText(LIMITS.content),
  script: nullableText(LIMITS.content),
  props: nullableText(LIMITS.content),
});
/** The shared fields as sent: the save body without id and project. */
export type DataItemInput = Static<typeof dataItemInput>;
/** What `createDataItem` takes: the shared fields, the body already cleaned off the event loop (data/content.ts). */
export type CleanDataItemInput = Omit<DataItemInput, "body"> & { body?: CleanHtml | null };

export const saveBody = t.Object({
  ...dataItemInput.properties,
  id: t.Optional(t.Nullable(ref.properties.id)),
  project: ref,
});
export type SaveInput = Static<typeof saveBody>;
/** What `saveDataItem` takes: a save body whose body was cleaned. */
export type CleanSaveInput = Omit<SaveInput, "body"> & { body?: CleanHtml | null };

const SORT_FIELDS = ["name", "creationDate", "status", "dataType", "id"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const CRITERIA = ["name", "status", "provider", "keyword", "category", "owner", "isActive", "search"] as const;
export type CriterionName = (typeof CRITERIA)[number];

export const pageQuery = t.Object({ type: t.Optional(dataType), projectId: id });

/** Criteria names are checked in the service, so an unknown one gets a 422 that names it. */
export const pageBody = t.Object({
  page: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000 })),
  rowsPerPage: t.Optional(t.Integer({ minimum: 1, maximum: LIMITS.rowsPerPage })),
  sortBy: t.Optional(t.Nullable(oneOf(SORT_FIELDS))),
  desc: t.Optional(t.Boolean()),
  criteria: t.Optional(
    t.Array(
      t.Object({ name: text(100), value: t.Union([text(LIMITS.criterion), t.Number(), t.Boolean(), t.Null()]) }),
      { maxItems: 50 },
    ),
  ),
});
export type PageInput = Static<typeof pageBody>;

export const searchQuery = t.Object({ str: t.Optional(text(LIMITS.name)), projectId: id });
export const searchByTypeQuery = t.Object({ str: t.Optional(text(LIMITS.name)), projectId: id, dataType });
export const relationAddQuery = t.Object({ idNode: id, id });
