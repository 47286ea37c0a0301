import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { debounce } from "./common";
import type { Summary } from "./list";
import type { Wire } from "../../src/lib/responses";
import type { PresentedRelation, PresentedSearchHit } from "../../src/modules/data/presenter";

type Relation = Wire<PresentedRelation>;
type SearchHit = Wire<PresentedSearchHit>;

/**
 * The detail panel of a data list: the selected item's fields and its linked data. Moderators see
 * the links section always and can add (search, pick) and remove links; others see it only when
 * links exist (spec 2, section 6).
 */
export function detailPanel(panel: HTMLElement, options: { projectId: number; canModerate: boolean; onClose: () => void }) {
  const { projectId, canModerate } = options;
  const field = (name: string) => panel.querySelector<HTMLElement>(`[data-d="${name}"]`)!;
  const title = field("name");
  const openLink = panel.querySelector<HTMLAnchorElement>("[data-d-open]")!;
  const removedBadge = panel.querySelector<HTMLElement>("[data-d-removed]")!;
  const linksSection = panel.querySelector<HTMLElement>("[data-d-links]")!;
  const linksList = panel.querySelector<HTMLUListElement>("[data-links-list]")!;
  const linksEmpty = panel.querySelector<HTMLElement>("[data-links-empty]")!;
  const search = panel.querySelector<HTMLInputElement>("#dl-link-search");
  const results = panel.querySelector<HTMLUListElement>("#dl-link-results");
  const dateFormat = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });

  let current: Summary | undefined;
  let links: Relation[] = [];

  const tags = (values: string[]) => {
    if (!values.length) return document.createTextNode("—");
    const list = document.createElement("ul");
    list.className = "dl-tags";
    for (const value of values) {
      const li = document.createElement("li");
      li.className = "badge";
      li.textContent = value;
      list.append(li);
    }
    return list;
  };

  function render(item: Summary) {
    title.textContent = item.name;
    openLink.href = dataItemPath(projectId, item.dataType, item.id);
    removedBadge.hidden = item.isActive;
    panel.classList.toggle("is-inactive", !item.isActive);
    field("description").textContent = item.description || "—";
    field("shortDescription").textContent = item.shortDescription || "—";
    field("provider").textContent = item.provider?.name || "—";
    field("keywords").replaceChildren(tags(item.keywords.map((k) => k.value)));
    field("categories").replaceChildren(tags(item.categoryList.filter((c) => !c.isDefault).map((c) => c.name)));
    field("status").textContent = t(`dataStatus.${item.status}`);
    field("owner").textContent = item.owner ? `${item.owner.firstName ?? ""} ${item.owner.lastName ?? ""}`.trim() : "—";
    const created = new Date(item.creationDate);
    const time = document.createElement("time");
    time.dateTime = created.toISOString();
    time.textContent = dateFormat.format(created);
    field("created").replaceChildren(time);
  }

  function renderLinks() {
    linksSection.hidden = !canModerate && links.length === 0;
    linksEmpty.hidden = links.length > 0;
    linksList.replaceChildren(
      ...links.map((link) => {
        const li = document.createElement("li");
        li.classList.toggle("is-inactive", !link.isActive);
        const a = document.createElement("a");
        a.href = dataItemPath(projectId, link.dataType, link.id);
        a.textContent = link.name;
        li.append(a);
        if (canModerate) {
          const remove = document.createElement("button");
          remove.type = "button";
          remove.className = "dl-icon";
          remove.dataset.unlink = String(link.relationId);
          remove.setAttribute("aria-label", tf("data.linkRemove", { name: link.name }));
          remove.title = remove.getAttribute("aria-label")!;
          remove.textContent = "×";
          li.append(remove);
        }
        return li;
      }),
    );
  }

  async function loadLinks(id: number) {
    links = [];
    linksSection.hidden = true;
    try {
      const found = await api<Relation[]>("relations-data/get", { query: { id } });
      if (current?.id !== id) return;
      links = found;
      renderLinks();
    } catch (error) {
      reportFailure(error, t("common.error"));
    }
  }

  linksList.addEventListener("click", async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-unlink]");
    if (!button || !current) return;
    const id = current.id;
    button.disabled = true;
    try {
      await api("relations-data/remove", { query: { id: button.dataset.unlink! } });
      snack(t("data.linkRemoved"), "success");
      if (current?.id === id) await loadLinks(id);
      search?.focus();
    } catch (error) {
      button.disabled = false;
      reportFailure(error, t("common.error"));
    }
  });

  if (search && results) {
    let searching: AbortController | undefined;
    const find = debounce(async () => {
      searching?.abort();
      const term = search.value.trim();
      if (!term || !current) return results.replaceChildren();
      const controller = (searching = new AbortController());
      try {
        const hits = await api<SearchHit[]>("data/search", { query: { str: term, projectId }, signal: controller.signal });
        if (controller.signal.aborted) return;
        const linked = new Set(links.map((l) => l.id));
        const offered = hits.filter((hit) => hit.id !== current?.id && !linked.has(hit.id));
        results.replaceChildren(
          ...(offered.length
            ? offered.map((hit) => {
                const li = document.createElement("li");
                const pick = document.createElement("button");
                pick.type = "button";
                pick.dataset.link = String(hit.id);
                pick.textContent = `${hit.name} · ${t(`dataType.${hit.dataType}`)}`;
                pick.setAttribute("aria-label", tf("data.linkAdd", { name: hit.name }));
                li.append(pick);
                return li;
              })
            : [Object.assign(document.createElement("li"), { className: "dl-muted", textContent: t("data.noResults") })]),
        );
      } catch (error) {
        if (!controller.signal.aborted) reportFailure(error, t("common.error"));
      }
    }, 300);
    search.addEventListener("input", find);
    results.addEventListener("click", async (event) => {
      const pick = (event.target as Element).closest<HTMLButtonElement>("[data-link]");
      if (!pick || !current) return;
      const id = current.id;
      pick.disabled = true;
      try {
        await api("relations-data/add", { query: { idNode: id, id: pick.dataset.link! } });
        snack(t("data.linkAdded"), "success");
        search.value = "";
        results.replaceChildren();
        if (current?.id === id) await loadLinks(id);
        search.focus();
      } catch (error) {
        pick.disabled = false;
        reportFailure(error, t("common.error"));
      }
    });
  }

  panel.querySelector("[data-d-close]")!.addEventListener("click", () => options.onClose());
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !(event.target as Element).closest("input")) options.onClose();
  });

  return {
    get id() {
      return current?.id;
    },
    /** Shows `item`; its links are fetched unless the same item is only being refreshed. */
    show(item: Summary, { focus = false } = {}) {
      const fresh = current?.id !== item.id;
      current = item;
      render(item);
      panel.hidden = false;
      if (fresh) {
        if (search) search.value = "";
        results?.replaceChildren();
        void loadLinks(item.id);
      }
      if (focus) title.focus();
    },
    hide() {
      current = undefined;
      panel.hidden = true;
    },
  };
}
