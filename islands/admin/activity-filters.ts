import type { ActivityType } from "../../db/schema/admin";

/** The activity log's filters as the address keeps them (?user=&kind=&from=&to=&q=), so a reload or a shared link shows the same rows. */
export interface LogFilters {
  userId?: number;
  kind?: ActivityType;
  /** Days as yyyy-mm-dd, both included, in the reader's time zone. */
  from?: string;
  to?: string;
  text: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00`).getTime()) ? value : undefined);

/** The filters an address names; anything malformed, or a kind not among `kinds`, is left out. */
export function filtersFromSearch(search: string, kinds: readonly ActivityType[]): LogFilters {
  const params = new URLSearchParams(search);
  const user = params.get("user");
  const kind = params.get("kind");
  return {
    userId: user && /^[1-9]\d{0,15}$/.test(user) ? Number(user) : undefined,
    kind: kinds.find((known) => known === kind),
    from: day(params.get("from")),
    to: day(params.get("to")),
    text: (params.get("q") ?? "").slice(0, 200),
  };
}

/** The address's query for `filters` (empty ones left out). */
export function searchOfFilters(filters: LogFilters): string {
  const params = new URLSearchParams();
  if (filters.userId) params.set("user", String(filters.userId));
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.text.trim()) params.set("q", filters.text.trim());
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** What the server filters by: the days as a range of instants (`to` up to the end of its day). */
export function serverFilters(filters: LogFilters) {
  const start = (value: string) => new Date(`${value}T00:00`);
  const next = (value: string) => {
    const date = start(value);
    date.setDate(date.getDate() + 1);
    return date.getTime();
  };
  return {
    userId: filters.userId,
    activityTypes: filters.kind ? [filters.kind] : undefined,
    from: filters.from ? start(filters.from).getTime() : undefined,
    to: filters.to ? next(filters.to) : undefined,
    text: filters.text.trim() || undefined,
  };
}
