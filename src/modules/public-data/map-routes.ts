import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { conditionsOf, publicAnswer } from "../../lib/downloads";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { geoJsonSchema } from "../poi/presenter";
import { type PresentedPublicHits, type PresentedPublicMap, publicHitsSchema, publicMapSchema } from "./map-presenter";
import { publicMap, publicObjects, publicSearch } from "./map-service";

type Headers = { headers: Record<string, unknown> };

/**
 * One public frame answer: the same for every reader, so a shared cache may keep it a minute (publicAnswer); a
 * refusal is never kept (no-store is set before the check).
 */
function frameAnswer<T>(request: Request, set: Headers, load: () => { etag: string; answer: T }): T | Response {
  set.headers["cache-control"] = "no-store";
  return publicAnswer(conditionsOf(request), set, load());
}

/** A key taken as any text and checked by the policy, so a key that is no number answers the same 404 as a private map. */
const key = () => t.String({ maxLength: 20 });

/**
 * Public map frames (spec 3, "Public map frame"; README, "Public map frames"): read-only, signed in or not, and
 * only ever about what the map publishes: its frame, a published points layer's objects, a search of them.
 */
export const publicMapRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/public/map" })
    .use(authPlugin(ctx))
    .get("/:id", ({ params, request, set }) => frameAnswer(request, set, () => publicMap(ctx.db, params.id)) as PresentedPublicMap, {
      public: true,
      params: t.Object({ id: key() }),
      response: answers(publicMapSchema),
    })
    .get(
      "/:id/layer/:layerId/objects",
      ({ params, query, request, set }) => {
        const answer = frameAnswer(request, set, () => publicObjects(ctx.db, params.id, params.layerId, query.bbox));
        if (answer instanceof Response) return answer;
        return new Response(answer, { headers: { ...(set.headers as Record<string, string>), "content-type": "application/json; charset=utf-8" } });
      },
      {
        public: true,
        params: t.Object({ id: key(), layerId: key() }),
        query: t.Object({ bbox: t.Optional(t.String({ pattern: "^-?[0-9.]+(,-?[0-9.]+){3}$", maxLength: 200 })) }),
        response: answers(geoJsonSchema),
      },
    )
    .get("/:id/search", ({ params, query, request, set }) => frameAnswer(request, set, () => publicSearch(ctx.db, params.id, query.name)) as PresentedPublicHits, {
      public: true,
      params: t.Object({ id: key() }),
      query: t.Object({ name: t.String({ maxLength: 255 }) }),
      response: answers(publicHitsSchema),
    });
