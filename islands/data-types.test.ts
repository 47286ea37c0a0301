import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_TYPES } from "../db/schema/data";
import { listedTypes, TYPE_ICONS } from "./data-types";

const ROOT = import.meta.dir;
/** The island folders that hold a data type's browser half. */
const TYPE_FOLDERS = ["docs", "tables", "charts", "calc", "reports"];
/** The DOC viewer still lives in islands/viewers (the document page's components are to take its place). */
const DOC_VIEWER = new Set(["viewers/DocViewer.tsx", "viewers/VersionStage.tsx"]);

const sources = (dir: string) => readdirSync(join(ROOT, dir)).filter((name) => /\.tsx?$/.test(name)).map((name) => `${dir}/${name}`);

describe("the browser's data types", () => {
  test("every data type has exactly one browser plugin, each with an icon of its own", () => {
    expect([...listedTypes()].sort()).toEqual([...DATA_TYPES].sort());
    expect(new Set(Object.values(TYPE_ICONS)).size).toBe(DATA_TYPES.length);
  });

  test("islands/data and islands/viewers reach a type's modules only through the registry", () => {
    const typeImport = new RegExp(`from "\\.\\./(${TYPE_FOLDERS.join("|")})/|import\\("\\.\\./(${TYPE_FOLDERS.join("|")})/`);
    const offenders = [...sources("data"), ...sources("viewers")].filter((file) => !DOC_VIEWER.has(file) && typeImport.test(readFileSync(join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
