/**
 * Component tests against a real Plexus in process (its routes and a fresh SQLite per test): the typed
 * client's calls are handed to the app as the signed-in person's, with the page's own proof headers.
 */
import { beforeEach } from "bun:test";
import { OWN_PAGE_HEADERS, withTestApp } from "../../src/testing/harness";
import { withDom } from "./dom";

/** Call instead of withDom(), before importing @testing-library/react. */
export function withPlexusDom() {
  // Bun's own fetch classes: happy-dom's drop the Origin header the server checks.
  const bun = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers };
  withDom();
  const app = withTestApp();
  let cookie = "";
  beforeEach(() => {
    cookie = "";
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new bun.Headers({ ...Object.fromEntries(new Headers(init.headers).entries()), ...OWN_PAGE_HEADERS, cookie });
      return app.t.app.handle(new bun.Request(String(input), { method: init.method, headers, body: init.body as string | undefined }));
    }) as typeof fetch;
  });
  return {
    ...app,
    /** The person the component's calls are made as. */
    signIn: (as: { cookie: string }) => (cookie = as.cookie),
    /** Runs `work` (the harness signing people in) with Bun's fetch classes in place of happy-dom's. */
    async withBunFetch<T>(work: () => Promise<T>): Promise<T> {
      const dom = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers };
      Object.assign(globalThis, bun);
      try {
        return await work();
      } finally {
        Object.assign(globalThis, dom);
      }
    },
  };
}
