import { describe, expect, test } from "bun:test";
import { articleVersions } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { measureStall } from "../../testing/loop-stall";

const { t } = withTestApp();

/** About 480 KB of article: flat, under the wiki's 500,000 characters, half a second and more to sanitise. */
const LONG = "<p>Pier <b>seven</b>: a crack in the concrete, опора.</p>".repeat(8_500);

describe("wiki saves never stall the server", () => {
  test("a 480 KB article is cleaned in the worker; nesting past the cap is 422 html_too_deep and saves nothing", async () => {
    const writer = await t.userWithCookie("MODERATOR");
    const save = async (content: string) => {
      const response = await t.app.handle(
        new Request("http://plexus.test/api/article/save", { method: "POST", body: JSON.stringify({ title: "Мост", content }), headers: { ...OWN_PAGE_HEADERS, "content-type": "application/json", cookie: writer.cookie } }),
      );
      return { status: response.status, text: await response.text() };
    };
    await save("<p>warm</p>");
    let saved = { status: 0, text: "" };
    const stall = await measureStall(t.app.handle, async () => {
      saved = await save(`${LONG}<script>steal()</script>`);
    });
    console.log("article/save, 480 KB:", JSON.stringify(stall));
    expect(saved.status).toBe(200);
    expect(t.db.select().from(articleVersions).all().map((v) => v.content)).toEqual(["<p>warm</p>", LONG]);
    // Left on the loop: parsing the request, writing it to SQLite, and the search indexer stemming the text
    // (100-150 ms for this one, its own work); sanitising on the loop added 600 ms and more.
    expect(stall.busy.max).toBeLessThan(400);

    const deep = await save("<ul><li>".repeat(300));
    expect(deep.status).toBe(422);
    expect(JSON.parse(deep.text)).toMatchObject({ error: "html_too_deep", details: [{ path: "body.content" }] });
    expect(t.db.select().from(articleVersions).all()).toHaveLength(2);
  });
});
