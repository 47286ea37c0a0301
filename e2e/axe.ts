import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

type RunOptions = Parameters<AxeBuilder["options"]>[0];

/**
 * axe-core on `page`, the one way every browser test runs it: in the page itself (legacy mode) and keeping only
 * violations. The default mode finishes each run in a new blank page, and the details of every passed check are
 * collected to be thrown away: measured on the home page, 3.6 s a run against 8.2 s on a busy machine. What an
 * <iframe> holds is not checked this way; Plexus's one frame, the mail template's preview, is sandboxed text.
 */
export const axeOn = (page: Page, options: RunOptions = {}) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"], ...options });
