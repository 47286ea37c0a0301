import { type Item, useItem } from "./item-store";

/** A data item page's heading: the item's name, struck through when it is removed; it follows edits. */
export default function ItemName({ item }: { item: Item }) {
  const shown = useItem(item);
  return (
    <h1 aria-current="page" data-item-name className={shown.isActive ? undefined : "is-inactive"}>
      {shown.name}
    </h1>
  );
}
