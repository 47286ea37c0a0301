import { useEffect, useRef, useState } from "react";
import type { DataType } from "../../db/schema/data";
import { mountViewer, type ViewerContext } from "./registry";

/** Where a viewer is: loading, shown, none for this type yet, or failed to load. */
type ViewerState = { status: "loading" | "up" | "none" } | { status: "failed"; error: unknown };

/**
 * Mounts the viewer of `type` (islands/viewers/registry.ts) into the element `host` is given, and
 * destroys it when the item changes or the component unmounts.
 */
export function useViewer(type: DataType, { dataId, projectId, canModerate, compact }: ViewerContext) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>({ status: "loading" });
  useEffect(() => {
    let gone = false;
    let destroy: (() => void) | undefined;
    setState({ status: "loading" });
    mountViewer(type, host.current!, { dataId, projectId, canModerate, compact }).then(
      (viewer) => {
        if (gone) return viewer?.destroy();
        destroy = viewer && (() => viewer.destroy());
        setState({ status: viewer ? "up" : "none" });
      },
      (error) => gone || setState({ status: "failed", error }),
    );
    return () => {
      gone = true;
      destroy?.();
    };
  }, [type, dataId, projectId, canModerate, compact]);
  return { host, state };
}
