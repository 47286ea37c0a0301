import { useEffect, useState } from "react";

/** The break point of the whole product (DESIGN.md): narrow below 601 px. */
const NARROW = "(max-width: 600px)";

/** Whether the window is narrow now, re-rendering the component when that changes. */
export function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return narrow;
}
