import { useSignals } from "@preact/signals-react/runtime";
import { mdiChevronLeft, mdiChevronRight, mdiSortAscending, mdiSortDescending } from "@mdi/js";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { DATA_STATUSES } from "../../src/lib/data-kinds";
import { FilterForm } from "../lib/ui/FilterForm";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";
import { type Choice, type Filters, type ListStore, NO_FILTERS, type SortField } from "./list-store";

const COLLAPSED_KEY = "plexus.dataFilters.collapsed";

interface FiltersProps {
  store: ListStore;
  /** Shown on narrow screens (the head's toggle). */
  open: boolean;
  canModerate: boolean;
  providers: Choice[];
  keywords: Choice[];
  categories: CategoryChoice[];
}

function Select({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** The collapsed strip on wide screens, remembered in this browser (read after hydration: the server cannot know it). */
function useCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => setCollapsed(Boolean(localStorage.getItem(COLLAPSED_KEY))), []);
  return [
    collapsed,
    (value) => {
      setCollapsed(value);
      localStorage.setItem(COLLAPSED_KEY, value ? "1" : "");
    },
  ];
}

/**
 * The filter and sort panel: each change searches again from the first page (the name after a pause
 * in typing); collapsible to a strip on wide screens, shown by the head's toggle on narrow ones.
 */
export function ListFilters({ store, open, canModerate, providers, keywords, categories }: FiltersProps) {
  useSignals();
  const { t } = useT();
  const [collapsed, setCollapsed] = useCollapsed();
  const filters = store.filters.value;
  const nameInput = useRef<HTMLInputElement>(null);
  const set = (change: Partial<Filters>) => void store.setFilters(change);
  const any = <option value="">{t("data.any")}</option>;

  useEffect(() => {
    if (open) nameInput.current?.focus();
  }, [open]);

  const collapseLabel = collapsed ? t("data.filtersExpand") : t("data.filtersCollapse");
  const classes = ["dl-filters", "card", collapsed && "is-collapsed", open && "is-open"].filter(Boolean).join(" ");
  return (
    <aside className={classes} id="dl-filters" aria-labelledby="dl-filters-title">
      <div className="dl-filters__head">
        <h2 id="dl-filters-title">{t("data.filters")}</h2>
        <button type="button" className="dl-icon" id="dl-filters-collapse" aria-expanded={!collapsed} aria-controls="dl-filters-form" aria-label={collapseLabel} title={collapseLabel} onClick={() => setCollapsed(!collapsed)}>
          <Icon path={mdiChevronLeft} />
          <Icon path={mdiChevronRight} />
        </button>
      </div>
      <FilterForm
        className="dl-filters__form"
        id="dl-filters-form"
        labelledBy="dl-filters-title"
        name={{ id: "dl-f-name", label: t("data.filterName"), maxLength: 255, inputRef: nameInput, onSearch: (name) => set({ name }) }}
        resetLabel={t("data.resetFilters")}
        onReset={() => set(NO_FILTERS)}
      >
        <Select id="dl-f-status" label={t("data.filterStatus")} value={filters.status} onChange={(status) => set({ status })}>
          {any}
          {DATA_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`dataStatus.${status}`)}
            </option>
          ))}
        </Select>
        <Select id="dl-f-provider" label={t("data.filterProvider")} value={filters.provider} onChange={(provider) => set({ provider })}>
          {any}
          {(store.providers.value ?? providers).map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </Select>
        <Select id="dl-f-keyword" label={t("data.filterKeyword")} value={filters.keyword} onChange={(keyword) => set({ keyword })}>
          {any}
          {(store.keywords.value ?? keywords).map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </Select>
        <Select id="dl-f-category" label={t("data.filterCategory")} value={filters.category} onChange={(category) => set({ category })}>
          {any}
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.type ? `${c.type}: ${c.name}` : c.name}
            </option>
          ))}
        </Select>
        {canModerate && (
          <label className="switch">
            <input type="checkbox" name="showRemoved" checked={filters.showRemoved} onChange={(event) => set({ showRemoved: event.target.checked })} /> {t("data.showRemoved")}
          </label>
        )}
        <div className="field">
          <label htmlFor="dl-f-sort">{t("data.sortBy")}</label>
          <div className="dl-sort">
            <select id="dl-f-sort" name="sortBy" value={filters.sortBy} onChange={(event) => set({ sortBy: event.target.value as SortField })}>
              <option value="name">{t("data.sort.name")}</option>
              <option value="creationDate">{t("data.sort.creationDate")}</option>
              <option value="status">{t("data.sort.status")}</option>
            </select>
            <button type="button" className="dl-icon" id="dl-sort-dir" aria-pressed={filters.desc} aria-label={t("data.sortDesc")} title={t("data.sortDesc")} onClick={() => set({ desc: !filters.desc })}>
              <Icon path={mdiSortAscending} />
              <Icon path={mdiSortDescending} />
            </button>
          </div>
        </div>
      </FilterForm>
    </aside>
  );
}
