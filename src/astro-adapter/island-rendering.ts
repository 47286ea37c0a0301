/**
 * Two costs Astro pays per island on every request, taken out at build time (issue 19: `/` with 100 projects
 * rendered at half the rate of the pages before islands):
 * - it serialises an island's props twice, once to hash them into the island's id and once for its `props`
 *   attribute; the second call now gets the first one's string (the same props object, so the same text);
 * - with no renderer named on a component it test-renders it to learn that it is React's; our islands' default
 *   exports are tagged as React components, as Astro's own `__astro_tag_component__` does.
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
      if (ISLAND.test(id.split("?")[0]!) && !id.includes("node_modules")) return tagReactIsland(code);
      return undefined;
    },
  };
}
