/**
 * Reordering for lists marked data-sortable whose children are data-sort-item: by HTML5 drag and
 * drop among siblings of one list, and by buttons data-move="up" / "down" inside an item for the
 * keyboard. After a change `changed(list, before)` runs with the list's children as they were, so
 * a failed save can put them back with `list.append(...before)`.
 */
export function sortable(root: HTMLElement, changed: (list: HTMLElement, before: Element[]) => void) {
  let dragging: HTMLElement | null = null;
  let before: Element[] = [];
  let lastTarget: Element | null = null;

  const itemOf = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLElement>("[data-sort-item]") : null);
  /** The item under the pointer that is a sibling of the dragged one (walking out of nested lists). */
  const siblingUnder = (node: EventTarget | null) => {
    let item = itemOf(node);
    while (item && dragging && item.parentElement !== dragging.parentElement) item = itemOf(item.parentElement);
    return item;
  };

  root.addEventListener("dragstart", (event) => {
    const item = itemOf(event.target);
    if (!item || !root.contains(item)) return;
    event.stopPropagation();
    dragging = item;
    before = [...item.parentElement!.children];
    lastTarget = null;
    event.dataTransfer!.effectAllowed = "move";
    event.dataTransfer!.setData("text/plain", item.dataset.sortItem || "");
    if (event.target !== item) event.dataTransfer!.setDragImage(item, 16, 16);
    requestAnimationFrame(() => item.classList.add("is-dragging"));
  });
  root.addEventListener("dragover", (event) => {
    if (!dragging) return;
    const target = siblingUnder(event.target);
    if (!target) return;
    event.preventDefault();
    event.dataTransfer!.dropEffect = "move";
    // Over the dragged item itself the next sibling may be swapped again; over the one just
    // passed (items of unequal size) nothing moves, so the list does not flip back and forth.
    if (target === dragging) lastTarget = null;
    if (target === dragging || target === lastTarget) return;
    lastTarget = target;
    const after = dragging.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (after) target.after(dragging);
    else target.before(dragging);
  });
  root.addEventListener("drop", (event) => {
    if (dragging) event.preventDefault();
  });
  root.addEventListener("dragend", () => {
    if (!dragging) return;
    const item = dragging;
    dragging = null;
    item.classList.remove("is-dragging");
    const list = item.parentElement!;
    if ([...list.children].some((child, i) => child !== before[i])) changed(list, before);
  });

  root.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-move]");
    if (!button || !root.contains(button)) return;
    const item = itemOf(button)!;
    const list = item.parentElement!;
    const snapshot = [...list.children];
    const up = button.dataset.move === "up";
    const other = up ? item.previousElementSibling : item.nextElementSibling;
    if (!other) return;
    if (up) other.before(item);
    else other.after(item);
    button.focus();
    changed(list, snapshot);
  });
}
