import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoiseCspDigest, memoiseSerializeProps, tagReactIsland } from "./island-rendering";

const ASTRO_SERIALIZE = join(import.meta.dir, "../../node_modules/astro/dist/runtime/server/serialize.js");
const ASTRO_CORE = join(import.meta.dir, "../../node_modules/astro/dist/core");

const dir = mkdtempSync(join(tmpdir(), "plexus-serialize-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let copies = 0;

/** Astro's own serialize.js as the build transforms it, imported from a file of its own. */
async function transformedSerialize(): Promise<{ serializeProps: (props: object, metadata: object) => string }> {
  const path = join(dir, `serialize-${++copies}.mjs`);
  writeFileSync(path, memoiseSerializeProps(readFileSync(ASTRO_SERIALIZE, "utf8")));
  return import(path);
}

describe("Astro's island props, serialised once", () => {
  test("the second call for the same props returns the first text without walking them again", async () => {
    const { serializeProps } = await transformedSerialize();
    let reads = 0;
    const props = {
      locale: "en",
      get projects() {
        reads++;
        return [{ id: 1, name: "Harbour" }];
      },
    };
    const first = serializeProps(props, {});
    expect(serializeProps(props, {})).toBe(first);
    expect(reads).toBe(1);
    expect(JSON.parse(first)).toEqual({ locale: [0, "en"], projects: [1, [[0, { id: [0, 1], name: [0, "Harbour"] }]]] });
  });

  test("other props (the next request's, a project renamed meanwhile) are serialised afresh", async () => {
    const { serializeProps } = await transformedSerialize();
    expect(serializeProps({ name: "Harbour" }, {})).toContain("Harbour");
    expect(serializeProps({ name: "Quay" }, {})).toContain("Quay");
  });

  test("a serialize.js that changed shape fails the build instead of going unmemoised", () => {
    expect(() => memoiseSerializeProps("export function serializeProps(props) {}")).toThrow("astro's serialize.js changed");
  });
});

/** Astro's own encryption.js as the build transforms it, its imports pointed back at Astro's files. */
async function transformedEncryption(): Promise<{ generateCspDigest: (data: string, algorithm: string) => Promise<string> }> {
  const path = join(dir, `encryption-${++copies}.mjs`);
  const code = memoiseCspDigest(readFileSync(join(ASTRO_CORE, "encryption.js"), "utf8"))
    .replace('from "@oslojs/encoding"', `from "${Bun.resolveSync("@oslojs/encoding", ASTRO_CORE)}"`)
    .replaceAll('from "./', `from "${ASTRO_CORE}/`);
  writeFileSync(path, code);
  return import(path);
}

describe("the CSP hashes of a page's inline scripts and styles, computed once per text", () => {
  test("the same text gets the same hash, the one SHA-256 gives, without hashing again; another text its own", async () => {
    const { generateCspDigest } = await transformedEncryption();
    const style = "body { margin: 0 }";
    const expected = `sha256-${Buffer.from(new Bun.CryptoHasher("sha256").update(style).digest()).toString("base64")}`;
    const first = generateCspDigest(style, "SHA-256");
    expect(generateCspDigest(style, "SHA-256")).toBe(first);
    expect(await first).toBe(expected);
    expect(await generateCspDigest("body { margin: 1px }", "SHA-256")).not.toBe(expected);
    expect(await generateCspDigest(style, "SHA-512")).toStartWith("sha512-");
  });

  test("an encryption.js that changed shape fails the build instead of going unmemoised", () => {
    expect(() => memoiseCspDigest("export async function digest(data) {}")).toThrow("astro's encryption.js changed");
  });
});

describe("island modules tagged for the React renderer", () => {
  test("a default-exported component carries Astro's renderer tag", () => {
    const code = tagReactIsland("export default function ProjectsPage() {\n  return null;\n}\n");
    const ProjectsPage = new Function(`${code.replace("export default ", "")}\nreturn ProjectsPage;`)();
    expect(ProjectsPage[Symbol.for("astro:renderer")]).toBe("@astrojs/react");
  });

  test("a module without a default-exported function is left as it is", () => {
    const code = "export const rows = 1;\n";
    expect(tagReactIsland(code)).toBe(code);
  });
});
