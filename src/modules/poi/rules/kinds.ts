// Plain TypeScript, no drizzle: the schema takes its enums from here and islands import the same lists.

/** The geometry a template's objects have. */
export const GRAPH_TYPES = ["POINT", "LINE_STRING", "MULTI_LINE_STRING", "POLYGON", "MULTI_POLYGON"] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];

/** The ten kinds of a template's field. */
export const FIELD_TYPES = ["STRING", "LINK", "CUSTOM_LINK", "DATE", "LIST", "MULTIPLE_LIST", "NUMBER", "DATA_TABLE", "BOOLEAN", "COMPUTED_FIELD"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A style rule's condition: LESS and MORE only on number fields. */
export const PREDICATES = ["EQUAL", "LESS", "MORE", "LIKE"] as const;
export type Predicate = (typeof PREDICATES)[number];

/** What a changelog entry records. */
export const CHANGE_TYPES = ["CREATE", "UPDATE", "DELETE"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** Field kinds whose value is a number (rules may compare them with LESS and MORE). */
export const isNumberField = (type: FieldType) => type === "NUMBER" || type === "COMPUTED_FIELD";

/** The predicates a rule on a field of this type may use. */
export const predicatesFor = (type: FieldType): Predicate[] => (isNumberField(type) ? ["EQUAL", "LESS", "MORE"] : ["EQUAL", "LIKE"]);
