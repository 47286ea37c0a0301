import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { clearHighlights, flashHit, highlight, markCurrent } from "./highlight";

interface Found {
  hits: HTMLElement[][];
  index: number;
  /** The term the marks are for: Enter on a term typed since then searches it rather than stepping the old hits. */
  term: string;
}

const NONE: Found = { hits: [], index: -1, term: "" };

/**
 * Search in a shown document (`article`, null while none is shown): every hit marked, one current,
 * stepped with `step` or Enter and Shift+Enter. The term is kept when another document is shown, which
 * is searched at once; typing searches 200 ms after the last key.
 */
export function useTextSearch(article: HTMLElement | null) {
  const [term, setTerm] = useState("");
  const [found, setFound] = useState<Found>(NONE);
  const searchedIn = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const run = (value: string) => {
    clearTimeout(timer.current);
    if (!article) return setFound(NONE);
    const hits = highlight(article, value);
    setFound({ hits, index: hits.length ? 0 : -1, term: value });
  };

  useEffect(() => {
    const fresh = searchedIn.current !== article;
    searchedIn.current = article;
    if (fresh) run(term);
    else timer.current = setTimeout(() => run(term), 200);
    return () => clearTimeout(timer.current);
  }, [article, term]);

  // The marks go with the document: another one shown, or none, leaves the last one clean.
  useEffect(() => () => void (article && clearHighlights(article)), [article]);

  useEffect(() => {
    markCurrent(found.hits, found.index);
    const current = found.hits[found.index];
    if (!current) return;
    current[0]!.scrollIntoView({ block: "center" });
    return flashHit(current);
  }, [found]);

  const step = (delta: number) =>
    setFound((now) => (now.hits.length ? { ...now, index: (now.index + delta + now.hits.length) % now.hits.length } : now));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (found.hits.length && term === found.term) step(event.shiftKey ? -1 : 1);
    else run(term);
  };

  return { term, setTerm, found, step, onKeyDown };
}
