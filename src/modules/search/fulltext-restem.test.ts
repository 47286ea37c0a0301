import { describe, expect, test } from "bun:test";
import { stemmer as porter1 } from "@orama/stemmers/english";
import { sql } from "drizzle-orm";
import { type Db, openDb } from "../../../db/client";
import { articles, articleVersions } from "../../../db/schema";
import { makeUser, tempDataDir, testConfig, withTestApp } from "../../testing/harness";
import { ownPageHeaders } from "../../testing/own-page";
import { startServer } from "../../web";
import { catchUp, reindexStatus } from "./fulltext-index";
import { indexedStemsVersion, restemIfChanged } from "./fulltext-restem";
import { STEMS_VERSION, stemmers, wordsOf } from "./fulltext-stems";

const { t } = withTestApp();

/** The stems the build before STEMS_VERSION 2 stored: Porter 1's and the Spanish stem of a Latin word, the Russian of a Cyrillic one. */
const porter1Stems = (text: string) =>
  wordsOf(text.toLowerCase())
    .flatMap(({ word }) => (/\p{Script=Cyrillic}/u.test(word) ? [stemmers.russian(word)] : [...new Set([porter1(word), stemmers.spanish(word)])]))
    .join(" ");

/** Saves articles of `texts` (titled T0, T1, ...) straight into `db`; answers their ids. */
const saveArticles = (db: Db, texts: string[]) =>
  db.transaction((tx) =>
    texts.map((content, i) => {
      const row = tx.insert(articles).values({ title: `T${i}` }).returning().get();
      tx.insert(articleVersions).values({ articleId: row.id, version: 1, title: row.title, content: `<p>${content}</p>` }).run();
      return row.id;
    }),
  );

/**
 * A database file as the build before STEMS_VERSION 2 left it: every article indexed with Porter 1 stems,
 * nothing pending, no version recorded (migration 0021 finds it so). Answers the articles' ids.
 */
function fileIndexedByPorter1(path: string, texts: string[]): number[] {
  const db = openDb(path);
  const ids = saveArticles(db, texts);
  db.run(sql`delete from fulltext_pending`);
  ids.forEach((id, i) => {
    const body = `T${i} ${texts[i]}`;
    db.run(sql`insert into fulltext_index(rowid, stems, body) values (${id * 4 + 1}, ${porter1Stems(body)}, ${body})`);
  });
  db.$client.close();
  return ids;
}

const stemsOfRow = (db: Db, id: number) => db.all<{ stems: string }>(sql`select stems from fulltext_index where rowid = ${id * 4 + 1}`)[0]!.stems;

describe("stemming the index again when the stemmers change", () => {
  test("a server started on a file indexed with Porter 1 stems restems it in slices in the background, records the version, and does it once", async () => {
    const data = tempDataDir();
    const config = testConfig(data.dir);
    const texts = [...Array.from({ length: 247 }, (_, i) => `Bridge report ${i}`), "The annual inspection of the pier", "La inspección del puente", "Инспекция насосов"];
    const [en, es, ru] = fileIndexedByPorter1(config.dbPath, texts).slice(-3);
    let server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
    try {
      const { db } = server.ctx;
      // The first slice is written as the server starts; the rest (the last rows among them) wait for turns of the event loop.
      expect(reindexStatus(db)).toEqual({ state: "RUNNING", done: 100, total: 250 });
      expect(stemsOfRow(db, en!).split(" ")).toContain("inspec");
      const user = await makeUser(db);
      const signedIn = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", ...ownPageHeaders(server.url) },
        body: JSON.stringify({ username: user.login, password: user.password }),
      });
      const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
      while (reindexStatus(db).state === "RUNNING") await Bun.sleep(5);
      expect(reindexStatus(db)).toEqual({ state: "DONE", done: 250, total: 250 });
      expect(indexedStemsVersion(db)).toBe(STEMS_VERSION);
      const find = async (q: string) => {
        const res = await fetch(`${server.url}/api/full-text-search/find?q=${encodeURIComponent(q)}`, { headers: { cookie, ...ownPageHeaders(server.url) } });
        return ((await res.json()) as { content: { id: number }[] }).content.map((hit) => hit.id);
      };
      expect(await find("inspected")).toEqual([en!]);
      expect(await find("inspeccionado")).toEqual([es!]);
      expect(await find("инспекцией")).toEqual([ru!]);
      expect(stemsOfRow(db, en!).split(" ")).toContain("inspect");
      // A row changed behind the index's back stays as it is at the next start: the version is recorded.
      db.run(sql`update fulltext_index set stems = 'untouched' where rowid = ${en! * 4 + 1}`);
      await server.stop();
      db.$client.close();
      server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
      await Bun.sleep(20);
      expect(reindexStatus(server.ctx.db).state).toBe("IDLE");
      expect(stemsOfRow(server.ctx.db, en!)).toBe("untouched");
    } finally {
      await server.stop();
      server.ctx.db.$client.close();
      data.cleanup();
    }
  }, 30_000);

  test("a new install's empty index only records the version", async () => {
    expect(indexedStemsVersion(t.db)).toBe(1);
    expect(await restemIfChanged(t.ctx)).toBe(true);
    expect(indexedStemsVersion(t.db)).toBe(STEMS_VERSION);
    expect(reindexStatus(t.db).state).toBe("IDLE");
  });

  test("restemming 3,000 texts leaves the event loop free: its longest wait is a small part of the pass; a failed pass records nothing", async () => {
    const words = "inspection of the bridge bearings found corrosion on the girders and cracked welds near the abutment".split(" ");
    saveArticles(t.db, Array.from({ length: 3000 }, (_, i) => Array.from({ length: 60 }, (_, j) => words[(i + j) % words.length]).join(" ")));
    while (t.db.all<{ n: number }>(sql`select count(*) as n from fulltext_pending`)[0]!.n) catchUp(t.ctx);
    t.db.run(sql`delete from fulltext_stems_version`);
    // How long the event loop keeps a timer of 0 ms waiting, turn after turn, while the pass runs. Measured
    // against the pass's own length, not in milliseconds, so that a busy machine slowing both changes nothing.
    const waits: number[] = [];
    let last = performance.now();
    let running = true;
    const turn = () => {
      waits.push(performance.now() - last);
      last = performance.now();
      if (running) setTimeout(turn, 0);
    };
    setTimeout(turn, 0);
    const started = performance.now();
    const restemmed = await restemIfChanged(t.ctx);
    const took = performance.now() - started;
    running = false;
    expect(restemmed).toBe(true);
    expect(reindexStatus(t.db)).toEqual({ state: "DONE", done: 3000, total: 3000 });
    expect(waits.length).toBeGreaterThan(50);
    expect(Math.max(...waits)).toBeLessThan(took / 5);
    // A pass that fails halfway (here: the articles' texts cannot be read) records nothing, so the next start tries again.
    t.db.run(sql`delete from fulltext_stems_version`);
    t.db.run(sql`drop table article_versions`);
    expect(await restemIfChanged(t.ctx)).toBe(false);
    expect(reindexStatus(t.db).state).toBe("FAILED");
    expect(t.db.all(sql`select version from fulltext_stems_version`)).toEqual([]);
  }, 60_000);
});
