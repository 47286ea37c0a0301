import type { AppContext } from "../../lib/context";
import { removeProjectIssues, unassignLeavingMember } from "./service";

/** Tasks follow their project and its members: a removed project's go (with their chats), a leaving member's lose their performer. */
export function wireIssueLifecycle(ctx: AppContext) {
  ctx.lifecycle.on("projectRemoved", (tx, { projectId }) => removeProjectIssues(ctx, tx, projectId));
  ctx.lifecycle.on("memberRemoved", (tx, { projectId, userId, actor }) => unassignLeavingMember(ctx, tx, actor, projectId, userId));
}
