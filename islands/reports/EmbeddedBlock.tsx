import { useEffect, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { useT } from "../lib/ui/i18n";
import { mountViewer } from "../viewers/registry";
import type { Report } from "./report";

type Block = Report["blocks"][number];

/**
 * One placeholder of a report drawn by the compact viewer of its item's type, which this component
 * mounts into this element (React adds only the fallback link, when nothing was mounted) and destroys on unmount; a type without a viewer shows a link instead.
 */
export function EmbeddedBlock({ block, projectId }: { block: Block; projectId: number }) {
  const { t, tf } = useT();
  const host = useRef<HTMLDivElement>(null);
  const [noViewer, setNoViewer] = useState(false);
  useEffect(() => {
    let gone = false;
    const mounted = mountViewer(block.dataType, host.current!, { dataId: block.id, projectId, canModerate: false, compact: true })
      .then((viewer) => {
        if (!viewer && !gone) setNoViewer(true);
        return viewer;
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      void mounted.then((viewer) => viewer?.destroy());
    };
  }, [block.id, block.dataType, projectId]);
  return (
    <div className={`rp-block rp-block--${block.dataType.toLowerCase()}`} data-data-id={block.id} ref={host}>
      {noViewer && <a href={dataItemPath(projectId, block.dataType, block.id)}>{tf("report.openData", { type: t(`report.kind.${block.dataType}`) })}</a>}
    </div>
  );
}

/** A placeholder the reader may not see (or that names nothing): a block that names nothing either. */
export function UnavailableBlock({ dataId }: { dataId: number }) {
  const { t } = useT();
  return (
    <div className="rp-block rp-block--none" data-data-id={dataId}>
      <p>{t("report.unavailable")}</p>
    </div>
  );
}
