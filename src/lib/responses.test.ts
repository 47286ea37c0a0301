import { describe, expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import { answers } from "./responses";
import { integer } from "./schema";

const app = (schema: ReturnType<typeof t.Object>) =>
  new Elysia()
    .get("/answer", () => ({ id: 1, name: "n", passwordHash: "secret", nested: { id: 2, token: "t" } }), {
      response: answers(t.Object({ id: integer(), name: t.String(), nested: t.Object({ id: integer() }) })),
    })
    .post("/echo", ({ body }) => body, { body: schema, response: answers(schema) });

describe("answers()", () => {
  test("only the declared fields leave, at every depth", async () => {
    const res = await app(t.Object({ n: integer() })).handle(new Request("http://plexus.test/answer"));
    expect(await res.json()).toEqual({ id: 1, name: "n", nested: { id: 2 } });
  });

  test("a schema shared with a body keeps checking the body", async () => {
    const shared = t.Object({ n: integer() });
    const post = (body: unknown) =>
      app(shared).handle(new Request("http://plexus.test/echo", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
    expect((await post({ n: 1 })).status).toBe(200);
    expect((await post({ n: "one" })).status).toBe(422);
  });
});
