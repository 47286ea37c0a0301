import { useEffect, useRef } from "react";
import type { Version } from "../docs/common";
import { showVersion } from "../docs/version-view";

/**
 * Adapter of the document view (islands/docs/version-view.ts: Word text, pdf.js, a picture or a
 * download): it owns one element, shows `version` in it and disposes of the view on unmount.
 */
export function VersionStage({ version }: { version: Version }) {
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const controller = new AbortController();
    const shown = showVersion(stage.current!, version, undefined, controller.signal);
    return () => {
      controller.abort();
      void shown.then((viewer) => viewer?.dispose());
    };
  }, [version]);
  return <div ref={stage} className="viewer__host" />;
}
