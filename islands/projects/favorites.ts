/**
 * Stars toggled on this page, shared by the project list's stars and the rail's avatars (two
 * islands): a star shows its change at once and takes it back if the server refuses.
 */
import { signal } from "@preact/signals-react";
import { ApiError } from "../lib/api";
import { t } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";

export interface Favorite {
  id: number;
  name: string;
}

/** Projects starred (true) or unstarred (false) since the page was rendered. */
export const toggled = signal<ReadonlyMap<number, { project: Favorite; on: boolean }>>(new Map());

function show(project: Favorite, on: boolean) {
  toggled.value = new Map(toggled.value).set(project.id, { project, on });
}

/** The rendered favourites with this page's toggles applied; a new one goes where its name sorts. */
export function withToggles(rendered: readonly Favorite[], changes: typeof toggled.value): Favorite[] {
  const list = rendered.filter((f) => !changes.has(f.id));
  for (const { project, on } of changes.values()) {
    if (!on) continue;
    const key = project.name.toLocaleLowerCase();
    const at = list.findIndex((f) => f.name.toLocaleLowerCase() > key);
    list.splice(at < 0 ? list.length : at, 0, project);
  }
  return list;
}

/** Stars or unstars a project; false when the server refused and the star went back. */
export async function setFavorite(project: Favorite, on: boolean): Promise<boolean> {
  show(project, on);
  try {
    const route = server.project[on ? "add-to-favorites" : "remove-from-favorites"];
    await call(route.post({}, { query: { id: project.id } }));
    return true;
  } catch (error) {
    show(project, !on);
    // A 401 signs out and a 403 is told by the client already.
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) snack(t("project.favoriteFailed"), "error");
    return false;
  }
}
