import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { hasEveryWord } from "../../lib/text-fold";
import { listChats } from "../chat/service";
import { itemsNamed } from "../data/search";
import { issuesNamed } from "../issues/search";
import { requireProjectRole } from "../projects/policy";
import { visibleProjects } from "../projects/service";
import { unrelatedArticles } from "../wiki/service";
import { SEARCH_LIMITS } from "./limits";
import type { PresentedGlobalHits } from "./presenter";

const NOTHING: PresentedGlobalHits = { abstractDataList: [], issues: [], chats: [], articles: [], userProjects: [] };

/**
 * global-search/find: what the actor may see whose name contains every word of `q` in any order (any
 * case, any script, ё as е where the feature folds it), in groups of at most SEARCH_LIMITS.perGroup. Each group asks its
 * feature with that feature's own rule: data items and tasks of the projects the actor sees under
 * their category limits, the chats the actor is in, wiki articles (the shared wiki and the spaces of the projects they see), and
 * the projects themselves. With `projectId`, data, tasks and projects narrow to that one project
 * (404 when the actor does not see it).
 */
export function findByName(ctx: AppContext, actor: User, q = "", projectId?: number): PresentedGlobalHits {
  const term = q.trim();
  if (projectId !== undefined) requireProjectRole(ctx.db, actor, projectId);
  if (!term) return NOTHING;
  const { db } = ctx;
  const max = SEARCH_LIMITS.perGroup;
  const projects = visibleProjects(db, actor)
    .map(({ project }) => project)
    .filter((project) => projectId === undefined || project.id === projectId);
  const names = new Map(projects.map((project) => [project.id, project.name]));
  const ids = [...names.keys()];
  const projectRef = (id: number) => ({ id, name: names.get(id)! });
  return {
    abstractDataList: itemsNamed(db, actor, ids, term, max).map(({ projectId: pid, ...item }) => ({ ...item, project: projectRef(pid) })),
    issues: issuesNamed(db, actor, ids, term, max).map(({ projectId: pid, ...issue }) => ({ ...issue, project: projectRef(pid) })),
    chats: listChats(ctx, actor)
      .filter((chat) => hasEveryWord(chat.name, term))
      .slice(0, max)
      .map(({ id, name, type }) => ({ id, name, type })),
    articles: unrelatedArticles(db, visibleProjects(db, actor).map(({ project }) => project.id), term, undefined)
      .slice(0, max)
      .map(({ id, title }) => ({ id, currentTitle: title })),
    userProjects: projects.filter((project) => hasEveryWord(project.name, term)).slice(0, max).map(({ id, name }) => ({ id, name })),
  };
}
