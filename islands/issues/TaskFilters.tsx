import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { FilterForm } from "../lib/ui/FilterForm";
import { useT } from "../lib/ui/i18n";
import { CategoryChecks, type CategoryChoice } from "../lib/ui/CategoryChecks";
import { ColumnChooser } from "./ColumnChooser";
import { FieldFilter } from "./FieldFilter";
import type { TemplateField } from "./field-text";
import { type Filters, NO_FILTERS, type TaskListStore } from "./list-store";
import { PerformerSelect } from "./PerformerSelect";
import { SORTS } from "./sorts";
import { STATUSES, type Person } from "./types";

interface Props {
  list: TaskListStore;
  members: Person[];
  categories: CategoryChoice[];
  /** Shown below 960 px only once asked for (the Filters button). */
  open: boolean;
  /** The fields of the templates the project offers: a filter on one's value, and the list's columns. */
  fields: TemplateField[];
  /** The template fields shown as the list's columns; none on the board. */
  columns?: { chosen: string[]; onChange: (chosen: string[]) => void };
}

/** The task list's filters and sort (spec 2: name, assignee, status, categories; newest first unless told), a template value, and the columns. */
export function TaskFilters({ list, members, categories, open, fields, columns }: Props) {
  useSignals();
  const { t } = useT();
  /** Bumped by Reset: the field filter starts again empty. */
  const [resets, setResets] = useState(0);
  const filters = list.filters.value;
  const set = (next: Partial<Filters>) => list.setFilters({ ...list.filters.value, ...next });

  return (
    <aside className={`tl-filters card${open ? " is-open" : ""}`} id="tl-filters" aria-labelledby="tl-filters-title">
      <h2 id="tl-filters-title">{t("issue.filters")}</h2>
      <FilterForm
        labelledBy="tl-filters-title"
        name={{ id: "tl-f-name", label: t("issue.name"), maxLength: ISSUE_LIMITS.name, initial: list.filters.peek().name, onSearch: (name) => set({ name }) }}
        resetLabel={t("issue.resetFilters")}
        onReset={() => {
          setResets(resets + 1);
          list.setFilters(NO_FILTERS);
        }}
      >
        <PerformerSelect id="tl-f-performer" members={members} value={filters.performer} none={t("issue.any")} onChange={(performer) => set({ performer })} />
        <div className="field">
          <label htmlFor="tl-f-status">{t("issue.status")}</label>
          <select id="tl-f-status" name="status" value={filters.status} onChange={(event) => set({ status: event.target.value })}>
            <option value="">{t("issue.any")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`issueStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {categories.length > 0 && (
          <CategoryChecks
            categories={categories}
            legend={t("issue.categories")}
            name="categories"
            checked={filters.categories.map(Number)}
            onChange={(ids) => set({ categories: ids.map(String) })}
          />
        )}
        <FieldFilter key={resets} fields={fields} members={members} value={filters.fields} onChange={(next) => set({ fields: next })} />
        <div className="field">
          <label htmlFor="tl-f-sort">{t("issue.sortBy")}</label>
          <select id="tl-f-sort" name="sort" value={filters.sort} onChange={(event) => set({ sort: event.target.value })}>
            {SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {t(`issue.sort.${s.key}`)}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {columns && <ColumnChooser fields={fields} chosen={columns.chosen} onChange={columns.onChange} />}
    </aside>
  );
}
