import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { ru } from "../../locales/ru";
import { pageStringsMeta } from "./page-strings";

/** The strings a meta element carries, read back as a browser would. */
const strings = (meta: string) => {
  const content = /^<meta name="plexus-i18n" content="([^"]*)">$/.exec(meta)![1]!;
  return JSON.parse(content.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
};

describe("the page's embedded strings", () => {
  test("carry exactly the keys under the prefixes, in the page's locale", () => {
    const embedded = strings(pageStringsMeta("ru", ["login.", "common.close"]));
    const wanted = Object.keys(en).filter((key) => key.startsWith("login.") || key === "common.close");
    expect(Object.keys(embedded).sort()).toEqual(wanted.sort());
    expect(embedded["login.checkCredentials"]).toBe(ru["login.checkCredentials"]);
  });

  test("are built once per locale and prefixes: the same page asks again, another locale or list gets its own", () => {
    const first = pageStringsMeta("en", ["nav.", "login."]);
    expect(pageStringsMeta("en", ["nav.", "login."])).toBe(first);
    const russian = pageStringsMeta("ru", ["nav.", "login."]);
    expect(strings(russian)["login.submit"]).toBe(ru["login.submit"]);
    expect(strings(first)["login.submit"]).toBe(en["login.submit"]);
    expect(Object.keys(strings(pageStringsMeta("en", ["nav."])))).not.toContain("login.submit");
  });

  test("a quote, ampersand or angle bracket in a string stays inside the attribute", () => {
    const meta = pageStringsMeta("en", ["error."]);
    const content = meta.slice('<meta name="plexus-i18n" content="'.length, -'">'.length);
    expect(content).not.toMatch(/["<>]/);
    expect(strings(meta)).toEqual(Object.fromEntries(Object.entries(en).filter(([key]) => key.startsWith("error."))));
  });
});
