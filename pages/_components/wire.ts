import type { Wire } from "../../src/lib/responses";

/** A presented value as a component's props: what JSON makes of it (Dates become ISO strings), as the API would send it. */
export const wire = <T>(value: T): Wire<T> => JSON.parse(JSON.stringify(value));
