import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { ru } from "../../locales/ru";
import { es } from "../../locales/es";
import { pickLocale, translator } from "./i18n";

describe("locales", () => {
  test("ru and es carry exactly en's keys, none empty", () => {
    for (const dict of [ru, es]) {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      expect(Object.entries(dict).filter(([, text]) => !text.trim())).toEqual([]);
    }
  });

  test("placeholders survive translation", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)(?:\}\}|, plural,)/g)].map((m) => m[1]).sort();
    for (const dict of [ru, es]) {
      for (const key of Object.keys(en) as (keyof typeof en)[]) expect([key, placeholders(dict[key])]).toEqual([key, placeholders(en[key])]);
    }
  });

  test("the spec's Russian texts are used verbatim", () => {
    expect(ru["error.forbidden"]).toBe("Недостаточно прав.");
    expect(ru["login.checkCredentials"]).toBe("Пожалуйста, проверьте логин и пароль");
    expect(ru["login.noConnection"]).toBe("Нет связи с сервером");
    // Except its misspelling "не верно" (issue 9): "неверно" is one word.
    expect(ru["registration.emailInvalid"]).toBe("E-mail заполнен неверно");
  });
});

describe("plural forms", () => {
  test("a count picks the language's form: Russian one, few and many; English and Spanish one and other", () => {
    const n = (locale: "en" | "ru" | "es", count: number) => translator(locale)("data.wizard.tooMany", { max: 20, n: count });
    expect(n("en", 1)).toBe("At most 20 files: 1 was not added.");
    expect(n("en", 3)).toBe("At most 20 files: 3 were not added.");
    expect(n("ru", 1)).toBe("Не более 20 файлов: 1 файл не добавлен.");
    expect(n("ru", 3)).toBe("Не более 20 файлов: 3 файла не добавлены.");
    expect(n("ru", 5)).toBe("Не более 20 файлов: 5 файлов не добавлено.");
    expect(n("ru", 21)).toBe("Не более 20 файлов: 21 файл не добавлен.");
    expect(n("es", 1)).toBe("Como máximo 20 archivos: 1 no se añadió.");
    expect(n("es", 4)).toBe("Como máximo 20 archivos: 4 no se añadieron.");
  });

  test("the count is written as the language writes numbers", () => {
    const n = (locale: "en" | "ru", count: number) => translator(locale)("data.wizard.tooMany", { max: 20, n: count });
    expect(n("en", 20000)).toBe("At most 20 files: 20,000 were not added.");
    expect(n("ru", 20000)).toBe("Не более 20 файлов: 20\u00a0000 файлов не добавлено.");
  });

  test("every plural message is well formed and has an `other` form to fall back on", () => {
    for (const dict of [en, ru, es]) {
      for (const [key, text] of Object.entries(dict)) {
        for (const [, forms] of text.matchAll(/\{\{\w+, plural,((?:\s*[a-z]+\s*\{[^{}]*\})+)\s*\}\}/g)) {
          expect([key, forms.includes("other {")]).toEqual([key, true]);
        }
        expect([key, /\{\{\w+, plural/.test(text) && !/\{\{\w+, plural,(\s*[a-z]+\s*\{[^{}]*\})+\s*\}\}/.test(text)]).toEqual([key, false]);
      }
    }
  });
});

describe("pickLocale", () => {
  test("the cookie wins, then Accept-Language by quality, then English", () => {
    expect(pickLocale("es", "ru")).toBe("es");
    expect(pickLocale("xx", "de-DE,ru;q=0.8,en;q=0.5")).toBe("ru");
    expect(pickLocale(undefined, "en;q=0.4,es-MX;q=0.9")).toBe("es");
    expect(pickLocale(undefined, "de,fr")).toBe("en");
    expect(pickLocale(undefined, null)).toBe("en");
  });

  test("translations fill placeholders", () => {
    expect(translator("en")("home.welcome", { name: "Ada" })).toBe("Welcome, Ada");
  });
});
