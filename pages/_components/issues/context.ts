import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import type { Wire } from "../../../src/lib/responses";
import { listForProject } from "../../../src/modules/categories/service";
import { projectTemplates } from "../../../src/modules/issues/templates";
import { projectMembers } from "../../../src/modules/projects/service";

/**
 * What both task pages offer in their pickers: the project's members (assignee, USER fields), its
 * categories the reader sees (default ones are never offered, spec 2 section 3) and the templates.
 */
export function taskChoices(db: Db, actor: User, projectId: number) {
  return {
    members: projectMembers(db, actor, projectId)
      .filter((m) => m.user.isActive)
      .map(({ user }) => ({ id: user.id, firstName: user.firstName, lastName: user.lastName })),
    categories: listForProject(db, actor, projectId)
      .filter((c) => !c.isDefault)
      .map((c) => ({ id: c.id, name: c.name, type: c.type })),
    templates: projectTemplates(db, projectId),
  };
}

/** A presented value as an island's props carry it: what the API would answer (dates as ISO strings). */
export const asProps = <T>(value: T): Wire<T> => JSON.parse(JSON.stringify(value));
