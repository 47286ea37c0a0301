import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_TYPES } from "../db/schema";
import { dataTypeOf } from "./data-types";

const MODULES = join(import.meta.dir, "modules");
/** The folders that bring a data type: they export a plugin from data-type.ts. */
const typeFolders = readdirSync(MODULES).filter((folder) => existsSync(join(MODULES, folder, "data-type.ts")));

test("every data type has its plugin, and each type folder's plugin is listed in src/data-types.ts", () => {
  expect(DATA_TYPES.filter((type) => dataTypeOf(type).type !== type)).toEqual([]);
  const registry = readFileSync(join(import.meta.dir, "data-types.ts"), "utf8");
  expect(typeFolders.filter((folder) => !registry.includes(`from "./modules/${folder}/data-type"`))).toEqual([]);
  expect(typeFolders.length).toBeGreaterThanOrEqual(5);
});

test("data/ imports no type module, nor public data's service: they ask the plugins", () => {
  const imports = (folder: string) =>
    readdirSync(join(MODULES, folder))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .flatMap((name) => [...readFileSync(join(MODULES, folder, name), "utf8").matchAll(/from\s+["']\.\.\/([\w-]+)\//g)].map((m) => `${folder}/${name} imports ${m[1]}`));
  expect([...imports("data"), ...imports("public-data").filter((line) => line.startsWith("public-data/service.ts"))].filter((line) => typeFolders.some((folder) => line.endsWith(` ${folder}`)))).toEqual([]);
});
