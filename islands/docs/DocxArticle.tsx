import { useLayoutEffect, useRef } from "react";
import { DOCX_TITLE_CLASS } from "../../src/modules/docs/docx-html";
import { useT } from "../lib/ui/i18n";

/** A heading of the document (h1-h6 with an id); Word's Title is level 0. */
export interface Heading {
  level: number;
  text: string;
  element: HTMLElement;
}

/** What the text holds, once it is in the page. */
export interface DocxRead {
  empty: boolean;
  headings: Heading[];
}

const headingsOf = (article: HTMLElement): Heading[] =>
  [...article.querySelectorAll<HTMLElement>("h1[id],h2[id],h3[id],h4[id],h5[id],h6[id]")].map((element) => ({
    level: element.classList.contains(DOCX_TITLE_CLASS) ? 0 : Number(element.tagName[1]),
    text: element.textContent?.trim() || "…",
    element,
  }));

/**
 * Adapter of a converted DOCX's HTML (sanitised by the server when it converted the file): it owns the
 * article the HTML goes into, names pictures that have no description in the document in the reader's
 * language (so none reaches a screen reader as a bare file), and tells what the text holds; the search's
 * marks go into this element too. `onArticle` hears the element while it shows text, then null.
 */
export function DocxArticle({ body, onRead, onArticle }: { body: string; onRead: (read: DocxRead) => void; onArticle?: (article: HTMLElement | null) => void }) {
  const { t } = useT();
  const ref = useRef<HTMLElement>(null);
  const listeners = useRef({ onRead, onArticle });
  listeners.current = { onRead, onArticle };
  useLayoutEffect(() => {
    const article = ref.current!;
    const empty = !article.textContent?.trim() && !article.querySelector("img,table");
    for (const image of article.querySelectorAll("img:not([alt])")) image.setAttribute("alt", t("docs.view.picture"));
    listeners.current.onRead({ empty, headings: empty ? [] : headingsOf(article) });
    if (empty) return;
    listeners.current.onArticle?.(article);
    return () => listeners.current.onArticle?.(null);
  }, [body, t]);
  // React sets the HTML and leaves it alone while `body` is the same string, so the search's marks and the pictures' names stay.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-html) when the DOCX was converted
  return <article ref={ref} className="docx__body docv-html" data-docx-body tabIndex={0} aria-label={t("docs.view.viewer")} dangerouslySetInnerHTML={{ __html: body }} />;
}
