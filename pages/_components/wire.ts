import type { Wire } from "../../src/lib/responses";

/** What a service answered as JSON would carry it (dates as ISO strings): serialisable props for islands. */
export const toWire = <T>(value: T): Wire<T> => JSON.parse(JSON.stringify(value));
