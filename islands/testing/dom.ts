/**
 * A DOM for component tests (happy-dom), present only while this file's tests run: registered
 * globally it would replace fetch, Request and Response for the server tests that run in the same
 * process after it. Chromium, in e2e/, stays the judge of pages.
 */
import { afterAll, afterEach } from "bun:test";
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { within } from "@testing-library/dom";

/** Call before importing @testing-library/react, whose `screen` binds to the document it finds then. */
export function withDom() {
  GlobalRegistrator.register({ url: "http://plexus.test/" });
  afterEach(async () => (await import("@testing-library/react")).cleanup());
  afterAll(() => GlobalRegistrator.unregister());
}

/**
 * Queries on the document of the file running now. @testing-library's own `screen` binds to the
 * document it found when first imported, which the next test file's registration replaces.
 */
export const screen = new Proxy({} as ReturnType<typeof within>, { get: (_, query) => within(document.body)[query as keyof ReturnType<typeof within>] });
