/**
 * The article tree beside every wiki page: branches open and close with their toggle or the arrow
 * keys; a branch the page did not carry gets its children from the whole tree when first opened.
 */
import { mdiPlus } from "@mdi/js";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { ShownNode } from "../../src/modules/wiki/presenter";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { showFlash } from "../lib/flash";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { childrenOf, openEditor } from "./store";
import { initiallyOpen, keyMove, TREE_KEYS, visibleNodes } from "./tree-walk";

interface TreeProps {
  nodes: ShownNode[];
  /** The article the page shows. */
  current?: number;
}

function Tree({ nodes, current }: TreeProps) {
  const { t } = useT();
  const [open, setOpen] = useState(() => initiallyOpen(nodes));
  const [fetched, setFetched] = useState(() => new Map<number, ShownNode[]>());
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const kids = (node: ShownNode) => node.children ?? fetched.get(node.id);
  const isOpen = (id: number) => open.has(id);

  const toggle = async (node: ShownNode, want: boolean) => {
    if (want && !kids(node)) {
      try {
        const children = await childrenOf(node.id);
        setFetched((before) => new Map(before).set(node.id, children));
      } catch (error) {
        return reportFailure(error);
      }
    }
    setOpen((before) => {
      const after = new Set(before);
      if (want) after.add(node.id);
      else after.delete(node.id);
      return after;
    });
  };

  const onKey = (event: KeyboardEvent, node: ShownNode) => {
    if (!TREE_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const move = keyMove(event.key, visibleNodes(nodes, isOpen, kids), node.id, isOpen);
    if (move && "focus" in move) links.current.get(move.focus)?.focus();
    else if (move) void toggle(node, move.want);
  };

  const branch = (list: ShownNode[]) => (
    <ul>
      {list.map((node) => {
        const children = isOpen(node.id) ? kids(node) : undefined;
        return (
          <li key={node.id}>
            {node.hasChildren ? (
              <button type="button" className="wtree__toggle" aria-expanded={!!children} aria-label={t("wiki.subArticles")} onClick={() => toggle(node, !children)} />
            ) : (
              <span className="wtree__leaf" />
            )}
            <a
              href={`/wiki/${node.id}`}
              aria-current={node.id === current ? "page" : undefined}
              ref={(link) => {
                if (link) links.current.set(node.id, link);
                else links.current.delete(node.id);
              }}
              onKeyDown={(event) => onKey(event, node)}
            >
              {node.title}
            </a>
            {children && branch(children)}
          </li>
        );
      })}
    </ul>
  );
  return (
    <div className="wtree" id="wiki-tree">
      {branch(nodes)}
    </div>
  );
}

interface PanelProps extends TreeProps {
  canWrite: boolean;
}

function TreePanel({ nodes, current, canWrite }: PanelProps) {
  const { t } = useT();
  useEffect(showFlash, []);
  return (
    <nav className="wiki__tree card" aria-labelledby="wiki-tree-title">
      <div className="wiki__treehead">
        <h2 id="wiki-tree-title">{t("wiki.articles")}</h2>
        {canWrite && (
          <button type="button" className="btn btn--ghost" onClick={(event) => openEditor({ parentId: null }, event.currentTarget)}>
            <Icon path={mdiPlus} />
            {t("wiki.new")}
          </button>
        )}
      </div>
      {nodes.length ? <Tree nodes={nodes} current={current} /> : <p className="wiki__muted">{t("wiki.empty")}</p>}
    </nav>
  );
}

export default function WikiTree({ locale, ...props }: PanelProps & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <TreePanel {...props} />
    </Localized>
  );
}
