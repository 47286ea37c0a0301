import { useEffect, useState } from "react";
import type { Version } from "../docs/common";
import { StageMessage } from "../docs/StageMessage";
import { VersionView } from "../docs/VersionView";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";

type Shown = { version: Version } | { text: string; error?: true };

/**
 * The DOC viewer (split screen, widgets, report blocks): the document's newest version, shown as the
 * document page shows it. Pages that show it embed the "docs." strings and doc-viewer.css.
 */
export function DocViewer({ dataId }: { dataId: number }) {
  const { t } = useT();
  const [shown, setShown] = useState<Shown>({ text: t("common.loading") });
  useEffect(() => {
    const controller = new AbortController();
    call(server.docs["get-all-versions"]({ id: dataId }).get({ fetch: { signal: controller.signal } }))
      .then(([newest]) => setShown(newest ? { version: newest } : { text: t("docs.emptyList") }))
      .catch((error) => controller.signal.aborted || setShown({ text: errorText(error), error: true }));
    return () => controller.abort();
  }, [dataId, t]);
  if ("version" in shown) {
    return (
      <div className="viewer__host">
        <VersionView version={shown.version} />
      </div>
    );
  }
  return <StageMessage text={shown.text} error={shown.error} />;
}
