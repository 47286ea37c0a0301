import { tf } from "../lib/i18n";
import { STATUSES, isStatus, personName, type IssueSummary, type Status } from "./types";

interface BoardOptions {
  /** Whether the reader may change this task's status (reporter, performer, moderators). */
  canMove: (issue: IssueSummary) => boolean;
  move: (issue: IssueSummary, status: Status) => void;
  select: (id: number) => void;
}

/**
 * The board: one column per status with the loaded tasks as cards. A card moves to another column
 * by dragging it there (pointer) or through its move menu (keyboard and touch); both call `move`.
 */
export function taskBoard(board: HTMLElement, menu: HTMLElement, options: BoardOptions) {
  const columns = new Map(STATUSES.map((s) => [s, board.querySelector<HTMLElement>(`[data-status="${s}"]`)!]));
  let items: IssueSummary[] = [];
  let menuFor: IssueSummary | undefined;
  let menuButton: HTMLButtonElement | undefined;

  function card(issue: IssueSummary): HTMLLIElement {
    const li = document.createElement("li");
    li.className = "tb-card";
    li.dataset.id = String(issue.id);
    const movable = options.canMove(issue);
    li.draggable = movable;
    const open = document.createElement("a");
    open.className = "tb-card__name";
    open.href = `/project/${issue.project.id}/issue/${issue.id}`;
    open.textContent = issue.name;
    open.dataset.select = "";
    const meta = document.createElement("span");
    meta.className = "tb-card__meta";
    meta.textContent = personName(issue.performer);
    li.append(open, meta);
    if (issue.overdue) li.classList.add("is-overdue");
    if (movable) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "td-icon tb-card__move";
      button.setAttribute("aria-haspopup", "menu");
      button.setAttribute("aria-label", tf("issue.moveMenu", { name: issue.name }));
      button.title = button.getAttribute("aria-label")!;
      button.textContent = "⋮";
      button.dataset.move = "";
      li.append(button);
    }
    return li;
  }

  function render(next: IssueSummary[]) {
    items = next;
    for (const [status, column] of columns) {
      const inColumn = items.filter((i) => i.status === status);
      column.querySelector("[data-cards]")!.replaceChildren(...inColumn.map(card));
      column.querySelector("[data-n]")!.textContent = String(inColumn.length);
    }
  }

  const issueOf = (el: Element | null) => {
    const id = Number(el?.closest<HTMLElement>(".tb-card")?.dataset.id);
    return items.find((i) => i.id === id);
  };

  // Pointer: HTML drag and drop between columns.
  board.addEventListener("dragstart", (event) => {
    const issue = issueOf(event.target as Element);
    if (!issue || !event.dataTransfer) return;
    event.dataTransfer.setData("text/plain", String(issue.id));
    event.dataTransfer.effectAllowed = "move";
    (event.target as HTMLElement).classList.add("is-dragged");
  });
  board.addEventListener("dragend", (event) => (event.target as HTMLElement).classList?.remove("is-dragged"));
  board.addEventListener("dragover", (event) => {
    const column = (event.target as Element).closest<HTMLElement>(".tb-col");
    if (!column) return;
    event.preventDefault();
    for (const c of columns.values()) c.classList.toggle("is-target", c === column);
  });
  board.addEventListener("dragleave", (event) => {
    if (!board.contains(event.relatedTarget as Node)) for (const c of columns.values()) c.classList.remove("is-target");
  });
  board.addEventListener("drop", (event) => {
    event.preventDefault();
    for (const c of columns.values()) c.classList.remove("is-target");
    const status = (event.target as Element).closest<HTMLElement>(".tb-col")?.dataset.status;
    const id = Number(event.dataTransfer?.getData("text/plain"));
    const issue = items.find((i) => i.id === id);
    if (issue && isStatus(status) && status !== issue.status) options.move(issue, status);
  });

  // Keyboard and touch: the card's menu lists the other columns.
  const menuItems = () => [...menu.querySelectorAll<HTMLButtonElement>("[data-move-to]")].filter((b) => !b.hidden);
  function closeMenu(focusBack = true) {
    menu.hidden = true;
    if (focusBack) menuButton?.focus();
    menuFor = menuButton = undefined;
  }
  function openMenu(button: HTMLButtonElement, issue: IssueSummary) {
    menuFor = issue;
    menuButton = button;
    menu.setAttribute("aria-label", button.getAttribute("aria-label")!);
    for (const item of menu.querySelectorAll<HTMLButtonElement>("[data-move-to]")) {
      item.hidden = item.dataset.moveTo === issue.status;
      item.setAttribute("aria-label", item.dataset.label!);
    }
    menu.hidden = false;
    const rect = button.getBoundingClientRect();
    menu.style.top = `${Math.min(rect.bottom + 4, innerHeight - menu.offsetHeight - 8)}px`;
    menu.style.left = `${Math.max(8, Math.min(rect.right - menu.offsetWidth, innerWidth - menu.offsetWidth - 8))}px`;
    menuItems()[0]?.focus();
  }
  board.addEventListener("click", (event) => {
    const target = event.target as Element;
    const button = target.closest<HTMLButtonElement>("[data-move]");
    const issue = issueOf(target);
    if (button && issue) return openMenu(button, issue);
    const link = target.closest<HTMLAnchorElement>("[data-select]");
    if (link && issue && !(event as MouseEvent).ctrlKey && !(event as MouseEvent).metaKey && !(event as MouseEvent).shiftKey) {
      event.preventDefault();
      options.select(issue.id);
    }
  });
  menu.addEventListener("click", (event) => {
    const status = (event.target as Element).closest<HTMLElement>("[data-move-to]")?.dataset.moveTo;
    const issue = menuFor;
    closeMenu(false);
    if (issue && isStatus(status)) {
      options.move(issue, status);
      board.querySelector<HTMLButtonElement>(`.tb-card[data-id="${issue.id}"] [data-move]`)?.focus();
    }
  });
  menu.addEventListener("keydown", (event) => {
    const list = menuItems();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape") closeMenu();
    else if (event.key === "ArrowDown") list[(at + 1) % list.length]?.focus();
    else if (event.key === "ArrowUp") list[(at - 1 + list.length) % list.length]?.focus();
    else if (event.key === "Tab") closeMenu();
    else return;
    event.preventDefault();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!menu.hidden && !menu.contains(event.target as Node) && !(event.target as Element).closest?.("[data-move]")) closeMenu(false);
  });

  return { render };
}
