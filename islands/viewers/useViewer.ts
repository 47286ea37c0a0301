import { useEffect, useState } from "react";
import type { DataType } from "../../db/schema/data";
import { loadViewer, type ViewerComponent } from "./registry";

/** Where a viewer is: its module loading, ready to render, none for this type yet, or failed to load. */
export type ViewerState = { status: "loading" | "none" } | { status: "up"; View: ViewerComponent } | { status: "failed"; error: unknown };

/** The viewer `load` answers (none when there is no loader), loaded again when `key` changes. */
export function useLoadedViewer(load: (() => Promise<ViewerComponent | undefined>) | undefined, key: string): ViewerState {
  const [state, setState] = useState<ViewerState>({ status: "loading" });
  // Loaded again when `key` changes only: `load` is a new function on each render of the same loader.
  useEffect(() => {
    let gone = false;
    setState({ status: "loading" });
    if (!load) return setState({ status: "none" });
    load().then(
      (View) => gone || setState(View ? { status: "up", View } : { status: "none" }),
      (error) => gone || setState({ status: "failed", error }),
    );
    return () => {
      gone = true;
    };
  }, [key]);
  return state;
}

/** The viewer of `type` (islands/viewers/registry.ts). */
export const useViewer = (type: DataType) => useLoadedViewer(() => loadViewer(type), type);
