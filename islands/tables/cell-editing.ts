import { batch, type Signal } from "@preact/signals-react";
import { type ColumnType, typedValue } from "../../src/modules/tables/cells";
import { ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { locale, t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { editText } from "./cells";
import type { tableUpdate } from "./records";
import type { createRowStore } from "./rows";
import type { Editing, Layout } from "./store";

/** A column type's name as the reader's language says it. */
export const typeName = (type: ColumnType | undefined) => t(`table.type.${type ?? "TEXT"}`);

interface EditingState {
  rows: ReturnType<typeof createRowStore>;
  update: ReturnType<typeof tableUpdate>;
  layout: Signal<Layout>;
  editing: Signal<Editing | undefined>;
  active: Signal<{ row: number; col: number }>;
  loaded: Signal<number>;
  focusActive: () => void;
}

/** A moderator's cell editor: open it on a cell, type, save the one cell (kept open with the text on a refusal) or cancel. */
export function cellEditing({ rows, update, layout, editing, active, loaded, focusActive }: EditingState) {
  /** Saves the open cell; on failure it stays open with the typed text. Says whether the editor closed. */
  async function saveEdit(): Promise<boolean> {
    const open = editing.value;
    if (!open || open.saving) return false;
    const item = rows.find(open.rowId);
    const before = item?.[open.field];
    if (!item || open.text === editText(before)) {
      editing.value = undefined;
      return true;
    }
    const value = typedValue(open.text, before, locale());
    editing.value = { ...open, saving: true };
    try {
      // Only the changed cell: the server keeps the row's others as they are now.
      await update({ items: [{ id: item.id, [open.field]: value }] });
      rows.replace({ ...item, [open.field]: value });
      batch(() => {
        editing.value = undefined;
        loaded.value++;
      });
      snack(t("table.saved"), "success");
      return true;
    } catch (error) {
      if (editing.value) editing.value = { ...editing.value, saving: false };
      const column = layout.value.columns.find((c) => c.field === open.field);
      const wrongType = error instanceof ApiError && error.code === "cell_wrong_type" && column;
      reportFailure(error, wrongType ? tf("table.wrongType", { column: column.name, type: typeName(column.type) }) : t("table.saveFailed"));
      return false;
    } finally {
      focusActive();
    }
  }

  return {
    typing(text: string) {
      if (editing.value) editing.value = { ...editing.value, text };
    },
    cancelEdit() {
      editing.value = undefined;
      focusActive();
    },
    saveEdit,
    /** Opens the editor on a cell; an editor open elsewhere is saved first. */
    async startEdit(row: number, col: number) {
      const item = rows.row(row);
      const column = layout.value.columns[col];
      if (!item || !column || editing.value?.saving) return;
      if (editing.value && !(await saveEdit())) return;
      active.value = { row, col };
      editing.value = { rowId: item.id, field: column.field, text: editText(item[column.field]), saving: false };
    },
  };
}
