import type { Signal } from "@preact/signals-react";
import { type Cell, typedValue } from "../../src/modules/tables/cells";
import { reportFailure } from "../lib/failures";
import { locale, t } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import type { createRowStore } from "./rows";
import type { Layout } from "./store";

/** The table save timeout of spec 2 (4 min). */
const SAVE_TIMEOUT = 240_000;

/** table/update for one table: changed or added rows, and the ids of removed ones. */
export const tableUpdate = (tableId: number) => (change: { items: Record<string, Cell>[]; removed?: number[] }) =>
  call(server.table.update.post({ id: tableId, ...change }, { fetch: { signal: AbortSignal.timeout(SAVE_TIMEOUT) } }));

/** A moderator's whole-record changes: add one from the texts typed per column, delete the selected ones. */
export function recordActions(update: ReturnType<typeof tableUpdate>, rows: ReturnType<typeof createRowStore>, layout: Signal<Layout>, selected: Signal<ReadonlySet<number>>, toEnd: Signal<boolean>) {
  return {
    /** Says whether the record was stored. */
    async addRecord(texts: Record<string, string>) {
      const item = Object.fromEntries(layout.value.columns.map((column) => [column.field, typedValue(texts[column.field] ?? "", undefined, locale())]));
      try {
        await update({ items: [item] });
        snack(t("table.changed"), "success");
        rows.reset();
        // Unsorted, the new record is the last one: show it once the new count is in.
        toEnd.value = !rows.query.sortBy;
        return true;
      } catch (error) {
        reportFailure(error, t("table.saveFailed"));
        return false;
      }
    },
    async deleteSelected() {
      try {
        await update({ items: [], removed: [...selected.value] });
        selected.value = new Set();
        snack(t("table.changed"), "success");
        rows.reset();
      } catch (error) {
        reportFailure(error, t("table.saveFailed"));
      }
    },
  };
}
