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
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const dict of [ru, es]) {
      for (const key of Object.keys(en) as (keyof typeof en)[]) expect([key, placeholders(dict[key])]).toEqual([key, placeholders(en[key])]);
    }
  });

  test("the spec's Russian texts are used verbatim", () => {
    expect(ru["error.forbidden"]).toBe("Недостаточно прав.");
    expect(ru["login.checkCredentials"]).toBe("Пожалуйста, проверьте логин и пароль");
    expect(ru["login.noConnection"]).toBe("Нет связи с сервером");
    expect(ru["registration.emailInvalid"]).toBe("E-mail заполнен не верно");
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
