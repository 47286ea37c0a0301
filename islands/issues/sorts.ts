/**
 * The task list's sorts (spec 2: default id descending; creation date down or up, name up or down),
 * for the page and its script. No server code here, so the browser imports it.
 */
export const SORTS = [
  { key: "newest", sortBy: "id", desc: true },
  { key: "createdDown", sortBy: "creationDate", desc: true },
  { key: "createdUp", sortBy: "creationDate", desc: false },
  { key: "nameUp", sortBy: "name", desc: false },
  { key: "nameDown", sortBy: "name", desc: true },
] as const;

/** The spec's page size of lists. */
export const ISSUE_PAGE_SIZE = 10;
