import type { ScriptSizes } from "../src/testing/script-size";

/** The chunks of the shared React runtime: react, react-dom with Astro's React client, the JSX runtime. */
const RUNTIME_CHUNK = /\/_astro\/(client|react|jsx-runtime)\.[\w-]+\.js$/;

/**
 * Gzipped bytes of the shared React runtime among `modules`: one chunk set, cached once per browser, and
 * counted on its own rather than in a page's budget (issue 19).
 */
export const sharedRuntimeBytes = (modules: ScriptSizes["modules"]) =>
  [...modules].filter(([url, m]) => RUNTIME_CHUNK.test(url) && m.text.includes("react.transitional.element")).reduce((sum, [, m]) => sum + m.gzipped, 0);
