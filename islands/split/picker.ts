import type { Wire } from "../../src/lib/responses";
import type { PresentedRelation, PresentedSearchHit } from "../../src/modules/data/presenter";
import { api } from "../lib/api";
import { element, icon } from "../lib/dom";
import { errorText } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { TYPE_ICONS } from "../lib/type-icons";

type Hit = Wire<PresentedSearchHit>;

/** A list of items, each a button that opens it in the side (icon, name, its type for screen readers). */
function hitList(hits: Hit[], label: string, open: (hit: Hit) => void) {
  const list = element("ul");
  list.setAttribute("aria-label", label);
  for (const hit of hits) {
    const button = element("button");
    button.type = "button";
    button.append(icon(TYPE_ICONS[hit.dataType]), element("span", undefined, hit.name), element("span", "visually-hidden", `(${t(`dataType.${hit.dataType}`)})`));
    button.addEventListener("click", () => open(hit));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
  return list;
}

let serial = 0;

export interface PickerOptions {
  projectId: number;
  /** The other side's item: its related data are offered first (the second side). */
  relatedTo?: { id: number; name: string };
  /** Why the side is empty, when the address named an item that cannot be shown. */
  notice?: string;
  signal: AbortSignal;
  open(hit: Hit): void;
}

/**
 * An empty side (spec 2): the other side's related data to open with one click, 'Open document' (the
 * project's documents), and a search over the project's data (data/search); the server sees to it that
 * only what the reader may see is listed.
 */
export function picker({ projectId, relatedTo, notice, signal, open }: PickerOptions): HTMLElement {
  const box = element("div", "split-empty");
  if (notice) {
    const line = element("p", "docv-message docv-message--error", notice);
    line.setAttribute("role", "alert");
    box.append(line);
  }
  box.append(element("p", undefined, t("viewer.split.choose")));

  const failed = (into: HTMLElement, error: unknown) => {
    if (signal.aborted) return;
    into.replaceChildren(element("p", "docv-message docv-message--error", errorText(error)));
  };

  if (relatedTo) {
    const section = element("section");
    const heading = element("h3", undefined, tf("viewer.split.related", { name: relatedTo.name }));
    const body = element("div", undefined, t("common.loading"));
    section.append(heading, body);
    box.append(section);
    api<Wire<PresentedRelation>[]>("relations-data/get", { query: { id: relatedTo.id }, signal })
      .then((related) => {
        if (signal.aborted) return;
        body.replaceChildren(related.length ? hitList(related, heading.textContent!, open) : element("p", undefined, t("viewer.split.noRelated")));
      })
      .catch((error) => failed(body, error));
  }

  const form = element("form");
  form.setAttribute("role", "search");
  const id = `split-search-${++serial}`;
  const label = element("label", "visually-hidden", t("viewer.split.search"));
  label.htmlFor = id;
  const input = element("input");
  input.type = "search";
  input.id = id;
  input.placeholder = t("viewer.split.search");
  input.autocomplete = "off";
  input.maxLength = 255;
  const searchButton = element("button", "btn", t("viewer.split.search"));
  searchButton.type = "submit";
  const documents = element("button", "btn btn--ghost", t("viewer.split.openDocument"));
  documents.type = "button";
  const results = element("div");
  results.setAttribute("aria-live", "polite");
  form.append(label, input, searchButton, documents);
  box.append(form, results);

  let asking: AbortController | undefined;
  const find = (path: string, query: Record<string, string | number>) => {
    asking?.abort();
    const controller = (asking = new AbortController());
    const both = AbortSignal.any([signal, controller.signal]);
    results.replaceChildren(element("p", undefined, t("common.loading")));
    api<Hit[]>(path, { query: { projectId, ...query }, signal: both })
      .then((hits) => {
        if (both.aborted) return;
        results.replaceChildren(hits.length ? hitList(hits, t("viewer.split.results"), open) : element("p", undefined, t("viewer.split.noHits")));
      })
      .catch((error) => both.aborted || failed(results, error));
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    find("data/search", { str: input.value.trim() });
  });
  documents.addEventListener("click", () => find("data/search-by-type", { str: "", dataType: "DOC" }));
  return box;
}
