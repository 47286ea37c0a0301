import type { Db } from "../../../db/client";
import type { DataItem } from "../../../db/schema";
import { findPublicDataItem } from "../data/policy";
import { PLACEHOLDER } from "./placeholders";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A public report's body with each [DATA-n] a link to item n when that item is public too, and nothing where it is not. */
export function publicReport(db: Db, item: DataItem): string {
  return (item.body ?? "").replace(PLACEHOLDER, (_, id: string) => {
    const embedded = findPublicDataItem(db, Number(id));
    return embedded ? `<a href="/public-data/${embedded.id}">${escapeHtml(embedded.name)}</a>` : "";
  });
}
