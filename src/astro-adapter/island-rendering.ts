/**
 * Two costs Astro pays per island on every request, taken out at build time (issue 19: `/` with 100 projects
 * rendered at half the rate of the pages before islands):
 * - it serialises an island's props twice, once to hash them into the island's id and once for its `props`
 *   attribute; the second call now gets the first one's string (the same props object, so the same text);
 * - with no renderer named on a component it test-renders it to learn that it is React's; our islands' default
 *   exports are tagged as React components, as Astro's own `__astro_tag_component__` does;
 * - it hashes every inline script and style of the page's head for the CSP on each request, through
 *   crypto.subtle's asynchronous digest; the same build's texts now get their first hash back.
 */
const SERIALIZE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/;
const SERIALIZE_PROPS = "function serializeProps(props, metadata) {";
const ISLAND = /[\\/]islands[\\/].+\.tsx$/;
const DEFAULT_EXPORT = /^export default function (\w+)/m;

/** Astro's serialize.js with serializeProps remembering its answer per props object. */
export function memoiseSerializeProps(code: string): string {
  if (!code.includes(SERIALIZE_PROPS)) throw new Error("astro's serialize.js changed: island-rendering.ts cannot memoise serializeProps");
  return `${code.replace(SERIALIZE_PROPS, "function serializePropsOnce(props, metadata) {")}
const serializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = serializedProps.get(props);
  if (serialized === undefined) serializedProps.set(props, (serialized = serializePropsOnce(props, metadata)));
  return serialized;
}`;
}

const ENCRYPTION = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const CSP_DIGEST = "async function generateCspDigest(data, algorithm) {";
/** Past this many texts the memory is emptied: a build's head has a few dozen, anything more is not worth keeping. */
const CSP_DIGESTS_KEPT = 512;

/** Astro's encryption.js with generateCspDigest remembering its answer per text and algorithm. */
export function memoiseCspDigest(code: string): string {
  if (!code.includes(CSP_DIGEST)) throw new Error("astro's encryption.js changed: island-rendering.ts cannot memoise generateCspDigest");
  return `${code.replace(CSP_DIGEST, "async function generateCspDigestOnce(data, algorithm) {")}
const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + ":" + data;
  let digest = cspDigests.get(key);
  if (digest === undefined) {
    if (cspDigests.size >= ${CSP_DIGESTS_KEPT}) cspDigests.clear();
    cspDigests.set(key, (digest = generateCspDigestOnce(data, algorithm)));
  }
  return digest;
}`;
}

/** An island module with its default export tagged for Astro's React renderer; other modules as they are. */
export function tagReactIsland(code: string): string {
  const name = DEFAULT_EXPORT.exec(code)?.[1];
  return name ? `${code}\n${name}[Symbol.for("astro:renderer")] = "@astrojs/react";\n` : code;
}

export function islandRendering() {
  return {
    name: "plexus-island-rendering",
    enforce: "pre" as const,
    transform(code: string, id: string, options?: { ssr?: boolean }) {
      if (!options?.ssr) return undefined;
      if (SERIALIZE.test(id)) return memoiseSerializeProps(code);
      if (ENCRYPTION.test(id)) return memoiseCspDigest(code);
      if (ISLAND.test(id.split("?")[0]!) && !id.includes("node_modules")) return tagReactIsland(code);
      return undefined;
    },
  };
}
