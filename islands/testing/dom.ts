/**
 * A DOM for component tests (happy-dom), present only while this file's tests run: registered
 * globally it would replace fetch, Request and Response for the server tests that run in the same
 * process after it. Chromium, in e2e/, stays the judge of pages.
 */
import { afterAll, afterEach } from "bun:test";
import { GlobalRegistrator } from "@happy-dom/global-registrator";

/** Call before importing @testing-library/react, whose `screen` binds to the document it finds then. */
export function withDom() {
  GlobalRegistrator.register({ url: "http://plexus.test/" });
  afterEach(async () => (await import("@testing-library/react")).cleanup());
  afterAll(() => GlobalRegistrator.unregister());
}

