import { t, type Static } from "elysia";
import { PROJECT_DESCRIPTION_MAX } from "../../../db/schema";
import { Id } from "../../lib/ids";

const id = Id();
export const idQuery = t.Object({ id });
export const ref = t.Object({ id: t.Integer({ minimum: 1 }) });

/** The roadmap: a legend and steps, each with a title, a date tag, a tooltip, a description and a colour. */
export const timelineSchema = t.Object({
  description: t.String({ maxLength: 2000 }),
  steps: t.Array(
    t.Object({
      title: t.String({ maxLength: 200 }),
      description: t.Optional(t.String({ maxLength: 2000 })),
      color: t.Optional(t.String({ pattern: "^#[0-9a-fA-F]{3,8}$|^[a-z]{3,20}$" })),
      tag: t.Optional(t.String({ maxLength: 100 })),
      tooltip: t.Optional(t.String({ maxLength: 500 })),
    }),
    { maxItems: 100 },
  ),
});
export type Timeline = Static<typeof timelineSchema>;

/** Loose on purpose: required name and counters are checked in the service with translated messages. */
export const projectBody = t.Object({
  id: t.Optional(t.Integer({ minimum: 1 })),
  name: t.Optional(t.String({ maxLength: 1000 })),
  description: t.Optional(t.String({ maxLength: 10_000 })),
  category: t.Optional(t.String({ maxLength: 1000 })),
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
export const PROJECT_DESCRIPTION_LIMIT = PROJECT_DESCRIPTION_MAX;
