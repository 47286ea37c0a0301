import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { conditionsOf, publicAnswer } from "../../lib/downloads";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { type PresentedPublicData, publicDataSchema } from "./presenter";
import { publicData } from "./service";

/**
 * Public data (spec 2): readable without signing in, for active items in a public category. The id is taken as
 * any text and checked by the policy, so a key that is no number answers the same 404 as a private item.
 */
export const publicDataRoutes = (ctx: AppContext) =>
  new Elysia().use(authPlugin(ctx)).get(
    "/public-data/get",
    async ({ query, request, set, locale }) => {
      // Never kept by a shared cache when refused (the error answer carries no validators); set before the check.
      set.headers["cache-control"] = "no-store";
      const answer = publicAnswer(conditionsOf(request), set, await publicData(ctx.db, query.id, locale, Number(query.page ?? 0) || 0));
      // Either the answer or a 304 Response, which Elysia sends as it is: Elysia's types want one or the other per promise.
      return answer as PresentedPublicData;
    },
    {
      public: true,
      query: t.Object({ id: t.Optional(t.String({ maxLength: 20 })), page: t.Optional(t.String({ pattern: "^[0-9]{1,5}$" })) }),
      response: answers(publicDataSchema),
    },
  );
