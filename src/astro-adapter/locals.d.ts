/** What src/web.ts hands every page. */
declare namespace App {
  interface Locals {
    ctx: import("../lib/context").AppContext;
    actor: import("../../db/schema").User | null;
    locale: import("../lib/i18n").Locale;
    t: import("../lib/i18n").Translate;
  }
}
