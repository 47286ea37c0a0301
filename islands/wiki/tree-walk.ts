import type { ShownNode } from "../../src/modules/wiki/presenter";

/** The branches the page came with open: those that carry their children. */
export function initiallyOpen(nodes: ShownNode[], open = new Set<number>()): Set<number> {
  for (const node of nodes) {
    if (node.children) {
      open.add(node.id);
      initiallyOpen(node.children, open);
    }
  }
  return open;
}

interface Visible {
  node: ShownNode;
  parent?: ShownNode;
}

/** The articles a reader sees, top to bottom: the arrow keys move along this. */
export function visibleNodes(nodes: ShownNode[], isOpen: (id: number) => boolean, kids: (node: ShownNode) => ShownNode[] | undefined, parent?: ShownNode): Visible[] {
  return nodes.flatMap((node) => {
    const children = node.hasChildren && isOpen(node.id) ? kids(node) : undefined;
    return [{ node, parent }, ...(children ? visibleNodes(children, isOpen, kids, node) : [])];
  });
}

export const TREE_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End", "ArrowRight", "ArrowLeft"]);

type KeyMove = { focus: number } | { open: number; want: boolean } | null;

/** What a key does on a visible article: Up/Down/Home/End move; Right opens, then goes in; Left closes, then goes up. */
export function keyMove(key: string, visible: Visible[], id: number, isOpen: (id: number) => boolean): KeyMove {
  const at = visible.findIndex((v) => v.node.id === id);
  const here = visible[at];
  if (!here) return null;
  const focus = (v: Visible | undefined) => (v ? { focus: v.node.id } : null);
  const branch = here.node.hasChildren;
  switch (key) {
    case "ArrowDown":
      return focus(visible[at + 1]);
    case "ArrowUp":
      return focus(visible[at - 1]);
    case "Home":
      return focus(visible[0]);
    case "End":
      return focus(visible.at(-1));
    case "ArrowRight":
      if (!branch) return null;
      return isOpen(id) ? focus(visible[at + 1]) : { open: id, want: true };
    case "ArrowLeft":
      if (branch && isOpen(id)) return { open: id, want: false };
      return here.parent ? { focus: here.parent.id } : null;
    default:
      return null;
  }
}
