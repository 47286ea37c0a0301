import { mdiClose, mdiOpenInNew } from "@mdi/js";
import { useEffect, useRef } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { Picker } from "./Picker";
import { SplitViewer } from "./SplitViewer";
import type { SplitItem } from "./types";

interface SplitPaneProps {
  /** 0 or 1, in the page as data-side (the browser tests find the sides by it). */
  side: number;
  label: string;
  item: SplitItem | null;
  /** The project an empty side searches; null when neither side shows an item. */
  projectId: number | null;
  canModerate: boolean;
  relatedTo?: SplitItem;
  notice?: string;
  /** Set when the person opened the item here: its title takes the focus. */
  focusTitle: boolean;
  choose(item: SplitItem | null): void;
}

/** One side of split screen: its item in its viewer with 'open page' and 'close', or, empty, the picker. */
export function SplitPane({ side, label, item, projectId, canModerate, relatedTo, notice, focusTitle, choose }: SplitPaneProps) {
  const { t, tf } = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle && item) title.current?.focus();
  }, [focusTitle, item]);
  let body = (
    <p className="docv-message split-empty">{notice ? `${notice} ${t("viewer.split.noProject")}` : t("viewer.split.noProject")}</p>
  );
  if (item) body = <SplitViewer key={item.id} item={item} canModerate={canModerate} />;
  else if (projectId !== null) {
    body = <Picker projectId={projectId} relatedTo={relatedTo} notice={notice} open={(hit) => choose({ id: hit.id, name: hit.name, dataType: hit.dataType, projectId })} />;
  }
  return (
    <section className="split__pane viewer" data-side={side} aria-label={label}>
      <div className="viewer__bar split__bar">
        <h2 className="viewer__title" ref={title} tabIndex={item ? -1 : undefined}>
          {item ? item.name : label}
        </h2>
        {item && (
          <>
            <a className="docv-icon" href={dataItemPath(item.projectId, item.dataType, item.id)} title={tf("viewer.split.openPage", { name: item.name })} aria-label={tf("viewer.split.openPage", { name: item.name })}>
              <Icon path={mdiOpenInNew} />
            </a>
            <button type="button" className="docv-icon" title={tf("viewer.split.close", { name: item.name })} aria-label={tf("viewer.split.close", { name: item.name })} onClick={() => choose(null)}>
              <Icon path={mdiClose} />
            </button>
          </>
        )}
      </div>
      <div className="viewer__stage split__stage">{body}</div>
    </section>
  );
}
