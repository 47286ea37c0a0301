import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../lib/failures";
import type { Hit } from "./HitList";

/** A list being asked for: nothing asked yet, loading, its hits, or the failure's text. */
export type Hits = { status: "idle" } | { status: "loading" } | { status: "done"; hits: Hit[] } | { status: "failed"; text: string };

/**
 * Asks `load` for a list of items; a newer ask, or unmounting, drops the answer of the one before.
 */
export function useHits() {
  const [hits, setHits] = useState<Hits>({ status: "idle" });
  const asking = useRef<AbortController>(undefined);
  useEffect(() => () => asking.current?.abort(), []);
  const ask = useCallback((load: (signal: AbortSignal) => Promise<Hit[]>) => {
    asking.current?.abort();
    const controller = (asking.current = new AbortController());
    setHits({ status: "loading" });
    load(controller.signal).then(
      (found) => controller.signal.aborted || setHits({ status: "done", hits: found }),
      (error) => controller.signal.aborted || setHits({ status: "failed", text: errorText(error) }),
    );
  }, []);
  return { hits, ask };
}
