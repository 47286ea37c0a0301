/**
 * The task list's filters and sort in the page's address (?name=bearing&status=OPEN&performer=4&categories=2,5&sort=nameUp),
 * read by the page on the server for the first page and by the list, which writes each change back, so a
 * reload or a shared link shows the same tasks. No server code here.
 */
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { type Filters, NO_FILTERS } from "./list-store";
import { SORTS } from "./sorts";
import { isStatus } from "./types";

const KEYS = ["name", "performer", "status", "categories", "sort"] as const;
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
    sort: SORTS.some((s) => s.key === sort) ? sort : NO_FILTERS.sort,
  };
}

/** The current page's address with `filters` in place of the ones it had (the defaults left out). */
export function addressWith(filters: Filters): string {
  const params = new URLSearchParams(location.search);
  for (const key of KEYS) params.delete(key);
  if (filters.name.trim()) params.set("name", filters.name.trim());
  if (filters.performer) params.set("performer", filters.performer);
  if (filters.status) params.set("status", filters.status);
  if (filters.categories.length) params.set("categories", filters.categories.join(","));
  if (filters.sort !== NO_FILTERS.sort) params.set("sort", filters.sort);
  const rest = params.toString();
  return `${location.pathname}${rest ? `?${rest}` : ""}`;
}
