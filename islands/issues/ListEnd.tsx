import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { useT } from "../lib/ui/i18n";
import type { TaskListStore } from "./list-store";

/** The spec's infinite-scroll distance is 10 px; a little more keeps scrolling smooth. */
const SCROLL_MARGIN = 120;

/**
 * The end of the list: the empty and loading notes, and the sentinel that asks for the next page as it
 * nears the view (also after a page came, rows went or the view changed, while the end still shows).
 */
export function ListEnd({ list, view }: { list: TaskListStore; view: string }) {
  useSignals();
  const { t } = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const loading = list.loading.value;
  const count = list.items.value.length;

  useEffect(() => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && list.loadMore(), { rootMargin: `0px 0px ${SCROLL_MARGIN}px 0px` });
    observer.observe(sentinel.current!);
    return () => observer.disconnect();
  }, [list]);

  useEffect(() => {
    if (loading) return;
    const frame = requestAnimationFrame(() => {
      const el = sentinel.current;
      if (el && el.offsetParent !== null && el.getBoundingClientRect().top < innerHeight + SCROLL_MARGIN) void list.loadMore();
    });
    return () => cancelAnimationFrame(frame);
  }, [loading, count, view, list]);

  return (
    <>
      <p className="td-muted tl-note" id="tl-empty" hidden={count > 0 || loading}>
        {t(list.filtered.value ? "issue.noMatch" : "issue.empty")}
      </p>
      <p className="td-muted tl-note" hidden={!loading}>
        {t("common.loading")}
      </p>
      <div className="tl-sentinel" id="tl-sentinel" aria-hidden="true" ref={sentinel} />
    </>
  );
}
