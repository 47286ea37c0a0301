import { t, type Static } from "elysia";
import { Id } from "../../lib/ids";
import { trimmedText } from "../../lib/schema";
import { PROJECT_LIMITS, ROADMAP_LIMITS } from "./limits";

const id = Id();
export const idQuery = t.Object({ id });
const ref = t.Object({ id: t.Integer({ minimum: 1 }) });

/** The roadmap: a legend and steps, each with a title, a date tag, a tooltip, a description and a colour. */
export const timelineSchema = t.Object({
  description: t.String({ maxLength: ROADMAP_LIMITS.legend }),
  steps: t.Array(
    t.Object({
      title: t.String({ maxLength: ROADMAP_LIMITS.title }),
      description: t.Optional(t.String({ maxLength: ROADMAP_LIMITS.description })),
      color: t.Optional(t.String({ pattern: "^#[0-9a-fA-F]{3,8}$|^[a-z]{3,20}$" })),
      tag: t.Optional(t.String({ maxLength: ROADMAP_LIMITS.tag })),
      tooltip: t.Optional(t.String({ maxLength: ROADMAP_LIMITS.tooltip })),
    }),
    { maxItems: ROADMAP_LIMITS.steps },
  ),
});
export type Timeline = Static<typeof timelineSchema>;

/** The name is required and the texts are measured trimmed in the service, which says which rule failed (translated). */
export const projectBody = t.Object({
  id: t.Optional(t.Integer({ minimum: 1 })),
  name: t.Optional(trimmedText(PROJECT_LIMITS.name)),
  description: t.Optional(trimmedText(PROJECT_LIMITS.description)),
  category: t.Optional(trimmedText(PROJECT_LIMITS.category)),
  timeline: t.Optional(t.Union([timelineSchema, t.String({ maxLength: 200_000 })])),
});
export type ProjectInput = Static<typeof projectBody>;

export const userProjectBody = t.Object({
  id: t.Optional(t.Integer({ minimum: 1 })),
  user: ref,
  project: ref,
  categoryList: t.Optional(t.Array(ref, { maxItems: 1000 })),
  moderator: t.Optional(t.Boolean()),
});
export type UserProjectInput = Static<typeof userProjectBody>;

export const userProjectQuery = t.Object({ userId: id, projectId: id });
export const projectListQuery = t.Object({ search: t.Optional(t.String({ maxLength: PROJECT_LIMITS.search })) });
