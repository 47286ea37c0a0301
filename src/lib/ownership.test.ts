import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Who owns which table. Each file in db/schema holds one feature's tables; the feature is the
 * module folders (and jobs) named here, and only they may import those tables. Everyone else asks
 * the owner's service. A folder not named here owns no table; pages own none either (they call
 * services). A new schema file, module folder or job without an entry fails the first tests.
 */
const OWNERS: Record<string, string[]> = {
  // Accounts: sign-up, sign-in, sessions, password reset, presence and the directory import all keep the one user row.
  users: ["users", "auth", "password-reset", "presence", "directory"],
  // The administration console: settings, mail templates and the activity log.
  admin: ["settings", "mail", "audit"],
  projects: ["projects"],
  categories: ["categories"],
  data: ["data"],
  docs: ["docs"],
  drive: ["drive"],
  chat: ["chat"],
  wiki: ["wiki"],
  issues: ["issues"],
  // Dashboard widgets: a widget names its data item, read through the data policy.
  widgets: ["widgets"],
  tables: ["tables"],
  // Search's pending list; its FTS5 indexes are in VIRTUAL_TABLES.
  search: ["search"],
  // Maps and layers: a MAP's view and layer list, a LAYER's kind and tile address, the ZWS buffer.
  maps: ["maps", "layers"],
  // Points of interest on LAYER items: templates, styles, objects and their changelog.
  poi: ["poi"],
  // Device units: a MODBUS_UNIT's device and fields, their readings and aggregates.
  modbus: ["modbus"],
  // The offline gazetteer: populated places and their folded names.
  places: ["places"],
};

/** Module folders that own no table. */
const TABLELESS = ["api-docs", "backup", "health", "help", "calc", "charts", "public-data", "reports", "update"];

/** FTS5 virtual tables, which drizzle cannot declare (the migrations make them), with the schema file of their owner. */
const VIRTUAL_TABLES: Record<string, string> = {
  fulltext_index: "search",
  data_item_names: "search",
  // The filter of a table's rows (src/modules/tables/rows.ts).
  table_rows_search: "tables",
  // The bounding boxes of points of interest (src/modules/poi/objects/boxes.ts).
  poi_objects_rtree: "poi",
};

/**
 * Triggers that fire on one feature's table and write another's ("<fired on> -> <written>"): they belong to the
 * feature that owns the written table, which reads the other's rows as it would in a read-only join. Each pair
 * names why; a trigger between features without an entry fails, and so does an entry no trigger needs.
 */
const TRIGGERS_ACROSS: Record<string, string> = {
  // The full-text index notes, in the writing transaction, which texts changed (src/modules/search/fulltext-index.ts).
  "article_versions -> fulltext_pending": "a wiki article's new or edited version",
  "articles -> fulltext_pending": "a wiki article's current version changed, or the article went",
  "issues -> fulltext_pending": "a task made, its description edited, or removed",
  "doc_versions -> fulltext_pending": "a document's versions changed",
  "chat_messages -> fulltext_pending": "a chat message sent, edited or removed",
  "data_items -> fulltext_pending": "a report made, its body edited, or removed",
  "table_rows -> fulltext_pending": "a table's rows written, edited or removed",
  // The name search's trigram index keeps data item names in step (src/modules/search/name-index.ts).
  "data_items -> data_item_names": "a data item's name",
};

/** Each job belongs to the feature whose work it does. */
const JOBS: Record<string, string | null> = {
  "src/jobs/chat-mail.ts": "chat",
  "src/jobs/issue-reminders.ts": "issues",
  "src/jobs/directory-sync.ts": "directory",
  "src/jobs/unclaimed-pictures.ts": "wiki",
  // The timer the hourly jobs share: it owns no table.
  "src/jobs/repeat.ts": null,
};

/**
 * Read-only joins where a join is the honest answer: the row shown needs a few columns of another
 * feature's row in the same query, and a call to its service per row (or a second query merged by
 * hand) would only be slower. Never a write: the test fails if such a file inserts, updates or
 * deletes the table.
 */
const READ_ONLY_JOINS: Record<string, string> = {
  // The poller polls active units only, and names them in their alarms: read with the unit rows, never written.
  "src/modules/modbus/service.ts dataItems": "active units with their names and projects, to poll",
  // Removing unused files needs every stored path that rows point at (documents, staged uploads, drive): read once, never written.
  "src/modules/update/unused-files.ts docVersions": "stored paths of document versions",
  "src/modules/update/unused-files.ts stagedFiles": "stored paths of staged uploads",
  "src/modules/update/unused-files.ts driveFiles": "stored paths of drive files",
  // A list row names its owner: joined in the one query that pages the list (bench/data-list.ts measures it).
  "src/modules/data/search.ts users": "owner names in list rows",
  // A list row names its categories, in their order, in the same query.
  "src/modules/data/search.ts categories": "category names in list rows",
  // A document's list row shows the icon of its newest version's file type: its name, read in the same query.
  "src/modules/data/search.ts docVersions": "file names of documents in list rows",
  // data/get shows the owner's name; read with the provider in one query.
  "src/modules/data/presenter.ts users": "owner name of data/get",
  // data/get lists the item's categories by name in their order, joined through data_categories.
  "src/modules/data/presenter.ts categories": "category names of data/get",
  // The activity log's rows name their user (sorted by login) and link their data item: joined in the one paged query.
  "src/modules/audit/log.ts users": "user names in activity log rows",
  "src/modules/audit/log.ts dataItems": "data item links in activity log rows",
  // A row keeps its data item's name, read by id in the writer's transaction, for when the item is deleted for good.
  "src/modules/audit/service.ts dataItems": "data item name kept with an activity log row",
  // A version lists its author's name; joined in the versions query.
  "src/modules/docs/service.ts users": "author names of versions",
  // A version belongs to a project only through its data item: a removed project's files are found in one query.
  "src/modules/docs/versions.ts dataItems": "files of a project's documents",
  // An item is public when one of its categories is: asked in the one query that reads the item (public data page).
  "src/modules/data/policy.ts categories": "is an item in a public category",
  // Members and the people given a category are memberships shown with their user's name and avatar.
  "src/modules/projects/service.ts users": "member rows with names",
  // Message rows show their author's name: joined in the page query and the live event's query.
  "src/modules/chat/messages.ts users": "author names of messages",
  // Chat rows name the DIRECT companion, the latest record's author and each member: joined in the list queries.
  "src/modules/chat/service.ts users": "companion, author and member names",
  // Due mails: members who are active and allow mail, filtered and addressed in the one query that finds them.
  "src/modules/chat/digests.ts users": "recipients of NEW_MESSAGE mails",
  // A new PUBLIC chat is joined by every active user in one insert that selects them (chat_members is chat's own).
  "src/modules/chat/membership.ts users": "who is active, for PUBLIC chats",
  // A version names the article's author and its own editor: joined in the versions query.
  "src/modules/wiki/service.ts users": "author and editor names of article versions",
  // A task's list row and issue/get name its performer and reporter, and its categories in their order: one query each per page.
  "src/modules/issues/presenter.ts users": "performer and reporter names of tasks",
  "src/modules/issues/presenter.ts categories": "category names of tasks",
  // A history line names the performer it assigned or unassigned, as it was then.
  "src/modules/issues/history.ts users": "performer names in task history lines",
  // ... and the categories before and after a change, by name as they were then.
  "src/modules/issues/history.ts categories": "category names in task history lines",
  // Reminders go to performers who are active and allow mail, addressed in the one query that finds them.
  "src/modules/issues/reminders.ts users": "recipients of ISSUE_REMINDER mails",
};

const ROOT = resolve(import.meta.dir, "../..");
const SCHEMA_DIR = join(ROOT, "db/schema");

const schemaFiles = readdirSync(SCHEMA_DIR)
  .filter((name) => name.endsWith(".ts") && name !== "index.ts")
  .map((name) => name.replace(/\.ts$/, ""));

/** Table export name → the schema file (feature) it is defined in; its name in SQL → its export name. */
const tableOwner = new Map<string, string>();
const tableBySqlName = new Map<string, string>();
for (const file of schemaFiles) {
  const exports = (await import(join(SCHEMA_DIR, `${file}.ts`))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exports)) {
    if (!is(value, SQLiteTable)) continue;
    tableOwner.set(name, file);
    tableBySqlName.set(getTableName(value), name);
  }
}

for (const [name, owner] of Object.entries(VIRTUAL_TABLES)) {
  tableOwner.set(name, owner);
  tableBySqlName.set(name, name);
}

const MIGRATIONS_DIR = join(ROOT, "db/migrations");
const migrations = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => readFileSync(join(MIGRATIONS_DIR, name), "utf8"));

const featureOfFolder = new Map(Object.entries(OWNERS).flatMap(([file, folders]) => folders.map((folder) => [folder, file] as const)));

const list = (dir: string, pattern: RegExp, deep = false): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return deep ? list(path, pattern, true) : [];
    return pattern.test(entry.name) ? [path] : [];
  });

const moduleFolders = readdirSync(join(ROOT, "src/modules"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/** Every file the rule covers with the feature it belongs to (null: owns no table). Tests arrange state directly and are left out. */
const covered = (): [string, string | null][] => [
  ...moduleFolders.flatMap((folder) =>
    list(`src/modules/${folder}`, /^(?!.*\.test\.ts$).*\.ts$/).map((path) => [path, featureOfFolder.get(folder) ?? null] as [string, string | null]),
  ),
  ...list("src/jobs", /^(?!.*\.test\.ts$).*\.ts$/).map((path) => [path, JOBS[path] ?? null] as [string, string | null]),
  ...list("pages", /\.(astro|ts)$/, true).map((path) => [path, null] as [string, string | null]),
];

interface TableImport {
  file: string;
  table: string;
  /** The name the file uses for it (an `as` alias, or the table's own name). */
  local: string;
  owner: string;
}

/** The tables `text` (the file at `file`) imports from db/schema; types and constants are not tables and pass. */
function tableImports(file: string, text: string): TableImport[] {
  const found: TableImport[] = [];
  for (const match of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/g)) {
    const [, typeOnly, clause, specifier] = match;
    const target = relative(SCHEMA_DIR, resolve(ROOT, dirname(file), specifier)).replace(/\.ts$/, "");
    if (!specifier.startsWith(".") || target.startsWith("..")) continue;
    if (/\*\s+as\s+/.test(clause)) throw new Error(`${file} imports all of db/schema: name the tables, so ownership can be checked`);
    if (typeOnly) continue;
    const names = clause.replace(/^[^{]*\{|\}[^}]*$/g, "").split(",").map((s) => s.trim()).filter((s) => s && !s.startsWith("type "));
    for (const name of names) {
      const [table, local = table] = name.split(/\s+as\s+/);
      const owner = tableOwner.get(table);
      if (owner) found.push({ file, table, local, owner });
    }
  }
  return found;
}

/**
 * The tables `text` names by their SQL name inside sql`…` templates (what the import check cannot see): read
 * with from/join, or written; `local` is the SQL name, so `writes` finds a raw write of it.
 */
function rawTables(file: string, text: string): TableImport[] {
  const found = new Map<string, TableImport>();
  for (const [, template] of text.matchAll(/sql`([^`]*)`/g)) {
    for (const [, name] of template.matchAll(/\b(?:from|join|into|update)\s+["`]?([a-z_]+)\b/gi)) {
      const table = tableBySqlName.get(name);
      if (table) found.set(table, { file, table, local: name, owner: tableOwner.get(table)! });
    }
  }
  return [...found.values()];
}

/** Whether the file writes the table: through drizzle's insert/update/delete, or in raw SQL. */
const writes = (text: string, local: string) =>
  new RegExp(`\\.(insert|update|delete)\\(\\s*${local}\\s*\\)|(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from)\\s+(\\$\\{\\s*${local}\\s*\\}|${local}\\b)`, "i").test(text);

/**
 * Each import of a table the file's feature does not own that no allow-list names ("<file> <table>"),
 * each allowed read-only join the file writes, and each entry no import needs.
 */
function violations(files: [string, string | null][], read: (path: string) => string, readOnly: Record<string, string>) {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const [file, feature] of files) {
    const text = read(file);
    for (const { table, local, owner } of [...tableImports(file, text), ...rawTables(file, text)]) {
      if (owner === feature) continue;
      const key = `${file} ${table}`;
      used.add(key);
      if (!(key in readOnly)) problems.push(`${key}: owned by db/schema/${owner}.ts; ask its service`);
      else if (writes(text, local)) problems.push(`${key}: allowed for reads only, but the file writes it`);
    }
  }
  for (const key of Object.keys(readOnly)) if (!used.has(key)) problems.push(`${key}: no longer imported; remove the entry`);
  return problems;
}

/** The triggers the migrations leave, in order (a later DROP TRIGGER removes one): each one's table and the tables its body writes. */
function triggersOf(sqlTexts: string[]): Map<string, { on: string; writes: string[] }> {
  const triggers = new Map<string, { on: string; writes: string[] }>();
  const statement = /CREATE\s+TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?[`"]?(\w+)[`"]?[^;]*?\bON\s+[`"]?(\w+)[`"]?([\s\S]*?)\bEND\s*;|DROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?[`"]?(\w+)/gi;
  for (const text of sqlTexts) {
    for (const [, name, on, body, dropped] of text.matchAll(statement)) {
      if (dropped) triggers.delete(dropped);
      else triggers.set(name, { on, writes: [...body.matchAll(/(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|(?<!\bDO\s+)UPDATE|DELETE\s+FROM)\s+[`"]?(\w+)/gi)].map((m) => m[1]) });
    }
  }
  return triggers;
}

/** Each trigger between two features' tables that `allowed` does not name, each table a trigger touches that no one owns, and each entry no trigger needs. */
function triggerViolations(sqlTexts: string[], allowed: Record<string, string>): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  const ownerOf = (sqlName: string) => tableOwner.get(tableBySqlName.get(sqlName) ?? "");
  for (const [name, { on, writes }] of triggersOf(sqlTexts)) {
    for (const written of writes) {
      const [from, to] = [ownerOf(on), ownerOf(written)];
      if (!from || !to) {
        problems.push(`trigger ${name}: ${from ? written : on} is in no schema file nor VIRTUAL_TABLES`);
        continue;
      }
      if (from === to) continue;
      const key = `${on} -> ${written}`;
      used.add(key);
      if (!(key in allowed)) problems.push(`trigger ${name}: ${key} writes db/schema/${to}.ts's table when db/schema/${from}.ts's changes; name why in TRIGGERS_ACROSS`);
    }
  }
  for (const key of Object.keys(allowed)) if (!used.has(key)) problems.push(`${key}: no trigger needs it; remove the entry`);
  return problems;
}

const readRepo = (path: string) => readFileSync(join(ROOT, path), "utf8");

test("every schema file has an owner, and index.ts re-exports each", () => {
  expect(schemaFiles.filter((file) => !(file in OWNERS))).toEqual([]);
  expect(Object.keys(OWNERS).filter((file) => !schemaFiles.includes(file))).toEqual([]);
  const index = readRepo("db/schema/index.ts");
  expect(schemaFiles.filter((file) => !index.includes(`export * from "./${file}";`))).toEqual([]);
});

test("every module folder and job is placed: a feature's, or one owning no table", () => {
  expect(moduleFolders.filter((folder) => !featureOfFolder.has(folder) && !TABLELESS.includes(folder))).toEqual([]);
  expect([...featureOfFolder.keys(), ...TABLELESS].filter((folder) => !moduleFolders.includes(folder))).toEqual([]);
  expect(list("src/jobs", /^(?!.*\.test\.ts$).*\.ts$/).filter((path) => !(path in JOBS))).toEqual([]);
});

test("modules, jobs and pages import only the tables their feature owns, or an allowed read-only join", () => {
  expect(violations(covered(), readRepo, READ_ONLY_JOINS)).toEqual([]);
});

test("every virtual table the migrations make has an owner, and each trigger between features says why", () => {
  const made = migrations.flatMap((text) => [...text.matchAll(/CREATE\s+VIRTUAL\s+TABLE\s+[`"]?(\w+)/gi)].map((m) => m[1])).sort();
  expect(made).toEqual(Object.keys(VIRTUAL_TABLES).sort());
  expect(Object.values(VIRTUAL_TABLES).filter((owner) => !(owner in OWNERS))).toEqual([]);
  const count = (pattern: RegExp) => migrations.reduce((n, text) => n + (text.match(pattern)?.length ?? 0), 0);
  expect(triggersOf(migrations).size).toBe(count(/CREATE\s+TRIGGER/gi) - count(/DROP\s+TRIGGER/gi));
  expect(triggerViolations(migrations, TRIGGERS_ACROSS)).toEqual([]);
});

describe("the check itself", () => {
  const data = "src/modules/data/example.ts";
  const check = (text: string, readOnly: Record<string, string> = {}) => violations([[data, "data"]], () => text, readOnly);

  test("reports a module importing another feature's table, under an alias too", () => {
    expect(check(`import { dataItems, docVersions } from "../../../db/schema";`)).toEqual([
      `${data} docVersions: owned by db/schema/docs.ts; ask its service`,
    ]);
    expect(check(`import {\n  users as people,\n  type User,\n} from "../../../db/schema/users";`)).toEqual([
      `${data} users: owned by db/schema/users.ts; ask its service`,
    ]);
  });

  test("passes types, constants and the feature's own tables; a page owns none", () => {
    expect(check(`import { dataItems, DATA_TYPES, type User } from "../../../db/schema";\nimport type { DocVersion } from "../../../db/schema";`)).toEqual([]);
    expect(violations([["pages/x.astro", null]], () => `import { DATA_TYPES, dataItems } from "../db/schema";`, {})).toEqual([
      "pages/x.astro dataItems: owned by db/schema/data.ts; ask its service",
    ]);
  });

  test("an allowed join that writes, and an entry nothing needs, fail", () => {
    const key = `${data} users`;
    expect(check(`import { users } from "../../../db/schema";\ntx.update(users).set({});`, { [key]: "example" })).toEqual([
      `${key}: allowed for reads only, but the file writes it`,
    ]);
    expect(check(`import { users } from "../../../db/schema";\ndb.run(sql\`insert or ignore into \${users} (id) values (1)\`);`, { [key]: "example" })).toEqual([
      `${key}: allowed for reads only, but the file writes it`,
    ]);
    expect(check(`import { users } from "../../../db/schema";\ndb.run(sql\`insert into \${other} select id from \${users}\`);`, { [key]: "example" })).toEqual([]);
    expect(check(`import { dataItems } from "../../../db/schema";`, { [key]: "example" })).toEqual([`${key}: no longer imported; remove the entry`]);
  });

  test("a table named in raw SQL counts as used: read without an entry, or written, it fails", () => {
    expect(check("db.all(sql`select id from doc_versions where data_id = 7`);")).toEqual([`${data} docVersions: owned by db/schema/docs.ts; ask its service`]);
    expect(check("db.run(sql`delete from users where id = 1`);", { [`${data} users`]: "example" })).toEqual([`${data} users: allowed for reads only, but the file writes it`]);
    expect(check("db.all(sql`select id from data_items`); // users from the directory")).toEqual([]);
  });

  test("a trigger from one feature's table into another's fails without an entry; a dropped one and a feature's own pass", () => {
    const across = "CREATE TRIGGER `t1` AFTER UPDATE OF name ON `data_items` BEGIN\n  INSERT OR IGNORE INTO `fulltext_pending` VALUES (9, new.id);\nEND;";
    expect(triggerViolations([across], {})).toEqual([
      "trigger t1: data_items -> fulltext_pending writes db/schema/search.ts's table when db/schema/data.ts's changes; name why in TRIGGERS_ACROSS",
    ]);
    expect(triggerViolations([across], { "data_items -> fulltext_pending": "example" })).toEqual([]);
    expect(triggerViolations([across, "DROP TRIGGER `t1`;"], { "data_items -> fulltext_pending": "example" })).toEqual(["data_items -> fulltext_pending: no trigger needs it; remove the entry"]);
    expect(triggerViolations(["CREATE TRIGGER `t2` AFTER DELETE ON `table_rows` BEGIN DELETE FROM table_rows_search WHERE rowid = old.id; END;"], {})).toEqual([]);
    expect(triggerViolations(["CREATE TRIGGER `t3` AFTER DELETE ON `nowhere` BEGIN DELETE FROM users; END;"], {})).toEqual(["trigger t3: nowhere is in no schema file nor VIRTUAL_TABLES"]);
  });

  test("a virtual table named in raw SQL counts as its owner's table", () => {
    expect(check("db.all(sql`select rowid from fulltext_index where fulltext_index match 'x'`);")).toEqual([`${data} fulltext_index: owned by db/schema/search.ts; ask its service`]);
  });

  test("a namespace import of the schema is refused", () => {
    expect(() => check(`import * as schema from "../../../db/schema";`)).toThrow("name the tables");
  });
});
