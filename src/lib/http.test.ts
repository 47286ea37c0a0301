import { afterAll, beforeAll, expect, test } from "bun:test";
import { OWN_PAGE_HEADERS, testApp, type TestApp } from "../testing/harness";

let t: TestApp;
beforeAll(() => (t = testApp()));
afterAll(() => t.close());

test("JSON above 1 KB is gzipped for clients that accept it; small answers are not", async () => {
  const { cookie } = await t.userWithCookie("ADMIN");
  for (let i = 0; i < 10; i++) await t.userWithCookie();
  const big = await t.app.handle(new Request("http://plexus.test/api/users/get-all", { headers: { cookie, ...OWN_PAGE_HEADERS, "accept-encoding": "gzip, br" } }));
  expect(big.headers.get("content-encoding")).toBe("gzip");
  const users = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await big.arrayBuffer()))));
  expect(users).toHaveLength(11);
  const small = await t.app.handle(new Request("http://plexus.test/api/health", { headers: { "accept-encoding": "gzip" } }));
  expect(small.headers.get("content-encoding")).toBeNull();
  expect(small.headers.get("content-type")).toContain("application/json");
  const plain = await t.app.handle(new Request("http://plexus.test/api/users/get-all", { headers: { cookie, ...OWN_PAGE_HEADERS } }));
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect((await plain.json()).length).toBe(11);
});
