import { type DragEvent, useRef, useState } from "react";

/** Moves the item at `from` next to the one at `to`: after it when moving down the list, before it when moving up. */
function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Reordering of one list by HTML5 drag and drop among its own items, and by Move up / Move down
 * buttons for the keyboard. `show` puts an order on screen (while dragging too); `changed(next,
 * before)` runs once a move is over, so a failed save can show `before` again. A list nested in an
 * item of another list keeps its drags to itself: events of a drag it did not start pass on.
 */
export function useSortable<T>(items: readonly T[], keyOf: (item: T) => string, show: (next: T[]) => void, changed: (next: T[], before: T[]) => void) {
  const drag = useRef<{ key: string; before: T[]; current: T[]; last: string | null } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const latest = useRef(items);
  latest.current = items;

  const start = (item: T) => (event: DragEvent<HTMLElement>) => {
    event.stopPropagation();
    const key = keyOf(item);
    drag.current = { key, before: [...latest.current], current: [...latest.current], last: null };
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", key);
    if (event.target !== event.currentTarget) event.dataTransfer.setDragImage(event.currentTarget, 16, 16);
    // A frame later, so the drag image is taken before the item fades.
    requestAnimationFrame(() => setDragging(drag.current && key));
  };
  const over = (item: T) => (event: DragEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = "move";
    const key = keyOf(item);
    // Over the dragged item the next one may swap again; over the one just passed (items of unequal
    // size) nothing moves, so the list does not flip back and forth.
    if (key === state.key) state.last = null;
    if (key === state.key || key === state.last) return;
    state.last = key;
    const from = state.current.findIndex((i) => keyOf(i) === state.key);
    state.current = moved(state.current, from, state.current.findIndex((i) => keyOf(i) === key));
    show(state.current);
  };
  const end = () => {
    const state = drag.current;
    if (!state) return;
    drag.current = null;
    setDragging(null);
    if (state.current.some((item, i) => item !== state.before[i])) changed(state.current, state.before);
  };

  const move = (item: T, up: boolean) => {
    const before = [...latest.current];
    const from = before.indexOf(item);
    const to = up ? from - 1 : from + 1;
    if (to < 0 || to >= before.length) return;
    const next = moved(before, from, to);
    show(next);
    changed(next, before);
  };

  /** The drag handlers of an item's element (an item dragged by a handle inside it gets them too). */
  const itemProps = (item: T) => ({
    onDragStart: start(item),
    onDragOver: over(item),
    onDrop: (event: DragEvent) => drag.current && event.preventDefault(),
    onDragEnd: end,
  });
  return { itemProps, move, isDragging: (item: T) => dragging === keyOf(item) };
}
