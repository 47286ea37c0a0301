import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import type { ListStore } from "./list-store";

/**
 * Infinite scroll for a list store: the next page loads as the returned sentinel element comes within
 * `margin` px of the view, and again after each load while the end of the list still shows.
 */
export function useScrollPager(store: ListStore, margin: number) {
  useSignals();
  const sentinel = useRef<HTMLDivElement>(null);
  const loading = store.loading.value;
  const count = store.items.value.length;
  useEffect(() => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void store.load(), { rootMargin: `0px 0px ${margin}px 0px` });
    observer.observe(sentinel.current!);
    return () => observer.disconnect();
  }, [store, margin]);
  useEffect(() => {
    if (loading) return;
    const frame = requestAnimationFrame(() => {
      const end = sentinel.current;
      if (end && end.offsetParent !== null && end.getBoundingClientRect().top < innerHeight + margin && !store.isFull()) void store.load();
    });
    return () => cancelAnimationFrame(frame);
  }, [loading, count, store, margin]);
  return sentinel;
}
