import type { Translate } from "../../../src/lib/i18n";
import type { PresentedArticle } from "../../../src/modules/wiki/presenter";

/** "Version 3, Ann Lee, 5 May 2026, 10:02" and "Created by …, …" for a version, in the page's language. */
export function byline(t: Translate, locale: string, version: Pick<PresentedArticle, "version" | "updatedAt" | "updatedBy" | "article">) {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const name = (person: PresentedArticle["updatedBy"]) => (person ? `${person.firstName} ${person.lastName}`.trim() : t("wiki.someone"));
  return {
    edited: t("wiki.editedBy", { version: version.version, name: name(version.updatedBy), date: when.format(version.updatedAt) }),
    created: t("wiki.createdBy", { name: name(version.article.author), date: when.format(version.article.createdAt) }),
  };
}
