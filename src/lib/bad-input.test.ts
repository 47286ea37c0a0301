import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { users } from "../../db/schema";
import { testApp } from "../testing/harness";

let t: ReturnType<typeof testApp>;
let cookie: string;
beforeAll(async () => {
  t = testApp();
  cookie = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
});
afterAll(() => t.close());

const isErrorShape = (body: any, status: number) =>
  body && body.status === status && typeof body.error === "string" && /^[a-z_]+$/.test(body.error) && typeof body.message === "string";

const userCount = () => t.db.select().from(users).all().length;

describe("bad input gets a 4xx in the error shape and changes nothing", () => {
  test("malformed JSON", async () => {
    const res = await t.call("POST", "/login", { raw: '{"username": "a",', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(isErrorShape(res.body, 400)).toBe(true);
    expect(res.body.error).toBe("invalid_json");
  });

  test("wrong types, missing fields and unknown enum values say which field", async () => {
    const wrongType = await t.call("POST", "/login", { body: { username: 42, password: ["x"] } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.details.map((d: { path: string }) => d.path)).toContain("body.username");
    const missing = await t.call("POST", "/login", { body: {} });
    expect(missing.status).toBe(422);
    const badEnum = await t.call("POST", "/users/save", { cookie, body: { role: { groupName: "EMPEROR" } } });
    expect(badEnum.status).toBe(422);
    expect(isErrorShape(badEnum.body, 422)).toBe(true);
    const badId = await t.call("POST", "/users/activate?id=abc", { cookie });
    expect(badId.status).toBe(422);
  });

  test("oversized bodies are refused with 413 before parsing", async () => {
    const before = userCount();
    const huge = JSON.stringify({ firstName: "x".repeat(2 * 1024 * 1024) });
    const res = await t.call("POST", "/users/registration", { raw: huge, headers: { "content-type": "application/json", "content-length": String(huge.length) } });
    expect(res.status).toBe(413);
    expect(isErrorShape(res.body, 413)).toBe(true);
    expect(userCount()).toBe(before);
  });

  test("very long strings are refused, not stored", async () => {
    const before = userCount();
    const res = await t.call("POST", "/users/registration", {
      body: { firstName: "a".repeat(5000), lastName: "b", login: "long", email: "long@example.test", password: "password-1" },
    });
    expect(res.status).toBe(422);
    expect(userCount()).toBe(before);
  });

  test("unknown routes are a 404 in the same shape", async () => {
    const res = await t.call("GET", "/no/such/route");
    expect(res.status).toBe(404);
    expect(isErrorShape(res.body, 404)).toBe(true);
  });

  test("property: any sign-in body gets 401, 422, 400 or 429, never a 500 or a session", async () => {
    const anyJson = fc.oneof(
      fc.record({ username: fc.string({ maxLength: 300 }), password: fc.string({ maxLength: 300 }) }, { requiredKeys: [] }),
      fc.jsonValue(),
      fc.record({ username: fc.anything(), password: fc.anything() }),
    );
    await fc.assert(
      fc.asyncProperty(anyJson, async (body) => {
        const res = await t.call("POST", "/login", { raw: JSON.stringify(body) ?? "null", headers: { "content-type": "application/json" } });
        expect([400, 401, 422, 429]).toContain(res.status);
        expect(isErrorShape(res.body, res.status)).toBe(true);
        expect(res.headers.get("set-cookie")).toBeNull();
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  test("property: registration bodies that are not complete and valid create nobody", async () => {
    const maybe = (arb: fc.Arbitrary<unknown>) => fc.option(arb, { nil: undefined });
    const field = fc.oneof(fc.string({ maxLength: 40 }), fc.constant("   "), fc.integer(), fc.constant(null), fc.string({ minLength: 1001, maxLength: 1100 }));
    const body = fc.record({
      firstName: maybe(field),
      lastName: maybe(field),
      login: maybe(field),
      email: maybe(fc.oneof(field, fc.emailAddress())),
      password: maybe(field),
    });
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const before = userCount();
        const res = await t.call("POST", "/users/registration", { body: input });
        if (res.status === 201) {
          // Only a body whose five fields are all non-blank strings with a valid e-mail may get here.
          for (const key of ["firstName", "lastName", "login", "password"] as const) expect(String(input[key]).trim().length).toBeGreaterThan(0);
          expect(userCount()).toBe(before + 1);
        } else {
          expect([409, 422]).toContain(res.status);
          expect(isErrorShape(res.body, res.status)).toBe(true);
          expect(userCount()).toBe(before);
        }
      }),
      { numRuns: 120 },
    );
  }, 30_000);
});

test("keys like toString or __proto__ in a body are dropped, never a 500", async () => {
  const res = await t.call("POST", "/login", { raw: '{"username":{"toString":1},"password":"x","__proto__":{"admin":true}}', headers: { "content-type": "application/json" } });
  expect(res.status).toBe(422);
  expect(res.body.details[0].path).toBe("body.username");
});
