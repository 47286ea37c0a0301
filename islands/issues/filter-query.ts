/**
 * The task list's filters and sort in the page's address (?name=bearing&status=OPEN&performer=4&categories=2,5&sort=nameUp,
 * and a template value as field:Grade=C30),
 * read by the page on the server for the first page and by the list, which writes each change back, so a
 * reload or a shared link shows the same tasks. No server code here.
 */
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { type Filters, NO_FILTERS } from "./list-store";
import { SORTS } from "./sorts";
import { isStatus } from "./types";

const KEYS = ["name", "performer", "status", "categories", "sort"] as const;
/** A template value's filter: `field:<field name>`. */
const FIELD_PREFIX = "field:";
const MAX_FIELD_FILTERS = 10;
const ids = (text: string) => text.split(",").filter((id) => /^[1-9]\d{0,14}$/.test(id));

/** The filters an address holds; anything that is no filter's value is left out, not refused. */
export function filtersIn(params: URLSearchParams): Filters {
  const status = params.get("status") ?? "";
  const sort = params.get("sort") ?? "";
  const performer = params.get("performer") ?? "";
  return {
    name: (params.get("name") ?? "").slice(0, ISSUE_LIMITS.name),
    performer: ids(performer).length === 1 ? performer : "",
    status: isStatus(status) ? status : "",
    categories: ids(params.get("categories") ?? ""),
    fields: Object.fromEntries(
      [...params]
        .filter(([key, value]) => key.startsWith(FIELD_PREFIX) && key.length > FIELD_PREFIX.length && value.trim())
        .slice(0, MAX_FIELD_FILTERS)
        .map(([key, value]) => [key.slice(FIELD_PREFIX.length), value.slice(0, ISSUE_LIMITS.name)]),
    ),
    sort: SORTS.some((s) => s.key === sort) ? sort : NO_FILTERS.sort,
  };
}

/** The current page's address with `filters` in place of the ones it had (the defaults left out). */
export function addressWith(filters: Filters): string {
  const params = new URLSearchParams(location.search);
  for (const key of [...KEYS, ...[...params.keys()].filter((key) => key.startsWith(FIELD_PREFIX))]) params.delete(key);
  if (filters.name.trim()) params.set("name", filters.name.trim());
  if (filters.performer) params.set("performer", filters.performer);
  if (filters.status) params.set("status", filters.status);
  if (filters.categories.length) params.set("categories", filters.categories.join(","));
  for (const [field, value] of Object.entries(filters.fields)) if (value.trim()) params.set(FIELD_PREFIX + field, value.trim());
  if (filters.sort !== NO_FILTERS.sort) params.set("sort", filters.sort);
  const rest = params.toString();
  return `${location.pathname}${rest ? `?${rest}` : ""}`;
}
