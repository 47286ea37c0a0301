/**
 * Where a task is: its page, and the share link, which keeps `layerPoi` (spec 2: share links add a
 * layerPoi query parameter): the task's own point on a layer, else the one the page was opened with.
 */
export function taskLink(issue: { id: number; project: { id: number }; layerPoi?: string | null }): string {
  const path = `/project/${issue.project.id}/issue/${issue.id}`;
  const layerPoi = issue.layerPoi || new URLSearchParams(location.search).get("layerPoi");
  return layerPoi ? `${path}?${new URLSearchParams({ layerPoi })}` : path;
}

/** The list page with a task selected beside it, keeping the page's other query parameters. */
export function listLinkWith(issueId: number | undefined): string {
  const query = new URLSearchParams(location.search);
  if (issueId === undefined) query.delete("issue");
  else query.set("issue", String(issueId));
  const rest = query.toString();
  return `${location.pathname}${rest ? `?${rest}` : ""}`;
}
