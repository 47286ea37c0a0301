import { useEffect, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { errorText, reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { type Strings, useT } from "../lib/ui/i18n";

/** One link of a group: its text, a quieter second line, and where it leads. */
type Row = { text: string; detail?: string; href: string };
type Group = { heading: string; rows: Row[] };

const find = (q: string, signal: AbortSignal) => call(server["global-search"].find.get({ query: { q }, fetch: { signal } }));

function groupsOf(hits: Awaited<ReturnType<typeof find>>, { t }: Strings): Group[] {
  return [
    { heading: t("search.group.data"), rows: hits.abstractDataList.map((d) => ({ text: d.name, detail: `${t(`dataType.${d.dataType}`)} · ${d.project.name}`, href: dataItemPath(d.project.id, d.dataType, d.id) })) },
    { heading: t("search.group.tasks"), rows: hits.issues.map((i) => ({ text: i.name, detail: i.project.name, href: `/project/${i.project.id}/issue/${i.id}` })) },
    { heading: t("search.group.chats"), rows: hits.chats.map((c) => ({ text: c.name, href: `/chats?chat=${c.id}` })) },
    { heading: t("search.group.articles"), rows: hits.articles.map((a) => ({ text: a.currentTitle, href: `/wiki/${a.id}` })) },
    { heading: t("search.group.projects"), rows: hits.userProjects.map((p) => ({ text: p.name, href: `/project/${p.id}/home` })) },
  ].filter((group) => group.rows.length > 0);
}

/** The by-name search (global-search/find) for `query` while `active`; a new query or leaving aborts the one in flight. */
export function useNameHits(query: string, active: boolean) {
  const strings = useT();
  const [groups, setGroups] = useState<Group[]>([]);
  const [status, setStatus] = useState(strings.t("search.hint"));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!active) return;
    if (!query) {
      setGroups([]);
      setBusy(false);
      return setStatus(strings.t("search.hint"));
    }
    const controller = new AbortController();
    setStatus(strings.t("search.searching"));
    setBusy(true);
    find(query, controller.signal)
      .then(
        (hits) => {
          const found = groupsOf(hits, strings);
          setGroups(found);
          setStatus(found.length ? "" : strings.t("search.nothing"));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setGroups([]);
          setStatus(errorText(error));
          reportFailure(error);
        },
      )
      .finally(() => controller.signal.aborted || setBusy(false));
    return () => controller.abort();
  }, [query, active]);
  return { groups, status, busy, count: groups.reduce((sum, group) => sum + group.rows.length, 0) };
}

/** The name hits in their groups: a heading and its links each. */
export function NameGroups({ groups, linkRef }: { groups: Group[]; linkRef: (index: number) => (el: HTMLAnchorElement | null) => void }) {
  let index = 0;
  return groups.map((group) => (
    <section key={group.heading} className="search-sheet__group">
      <h3>{group.heading}</h3>
      <ul>
        {group.rows.map((row) => (
          <li key={row.href}>
            <a className="search-sheet__hit" href={row.href} data-result="" ref={linkRef(index++)}>
              <span className="search-sheet__name">{row.text}</span>
              {row.detail && <small>{row.detail}</small>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  ));
}
