/**
 * The item of a data item's page as last saved, shared by the islands that show it (the heading, the
 * info panel) and the edit dialog that changes it. Until a save, each shows the item the page gave it.
 */
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Wire } from "../../src/lib/responses";
import type { PresentedDataItem } from "../../src/modules/data/presenter";
import type { SaveInput } from "../../src/modules/data/model";
import { call, server } from "../lib/server";

export type Item = Wire<PresentedDataItem>;

const saved = signal<Item | undefined>(undefined);

/** The page's item, or what an edit on this page saved since. */
export function useItem(initial: Item): Item {
  useSignals();
  const edited = saved.value;
  return edited?.id === initial.id ? edited : initial;
}

/** Saves the item's details (data/save); the page's heading, info panel and title follow. */
export async function saveDetails(body: SaveInput, before: Item) {
  const item = await call(server.data.save.post(body));
  saved.value = item;
  document.title = document.title.replace(before.name, item.name);
  return item;
}
