import { useSignals } from "@preact/signals-react/runtime";
import { mdiFilterVariant, mdiPlus } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { OnDemand } from "../lib/ui/OnDemand";
import { Localized, useT } from "../lib/ui/i18n";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";
import { browserType } from "../data-types";
import { DataRows } from "./DataRows";
import { DetailPanel } from "./DetailPanel";
import { ListFilters } from "./ListFilters";
import { type Choice, createListStore, type ListStart, type ListStore } from "./list-store";
import "./data-list.css";

export interface DataListProps extends ListStart {
  locale: Locale;
  title: string;
  canModerate: boolean;
  canAdmin: boolean;
  canCreate: boolean;
  providers: Choice[];
  keywords: Choice[];
  /** The project's categories but the default ones (filters, and the create dialogs). */
  categories: CategoryChoice[];
}

/** The list's head: its title, the count chip, the filters toggle (narrow screens) and the create button. */
function ListHead({ store, props, filtersOpen, toggleFilters }: { store: ListStore; props: DataListProps; filtersOpen: boolean; toggleFilters: () => void }) {
  useSignals();
  const { t } = useT();
  const [creating, setCreating] = useState(false);
  const creator = browserType(props.dataType).creator;
  const options = {
    projectId: props.projectId,
    dataType: props.dataType,
    categories: props.categories,
    canAdmin: props.canAdmin,
    onSaved: () => {
      void store.refreshChoices();
      void store.load(true);
    },
  };
  return (
    <header className="dl-head">
      <h1>{props.title}</h1>
      <output className="dl-count" id="dl-count" aria-label={t("data.count")} title={t("data.count")}>
        {store.total.value}
      </output>
      <span className="dl-spacer" />
      <button type="button" className="btn btn--ghost dl-filters-toggle" id="dl-filters-toggle" aria-expanded={filtersOpen} aria-controls="dl-filters" onClick={toggleFilters}>
        <Icon path={mdiFilterVariant} />
        {t("data.filtersShow")}
      </button>
      {props.canCreate && (
        <button type="button" className="btn" id="dl-create" aria-haspopup="dialog" onClick={() => setCreating(true)}>
          <Icon path={mdiPlus} />
          {t(`data.create.${props.dataType}` as "data.create.DOC")}
        </button>
      )}
      {creating && creator && <OnDemand load={creator} props={{ options, onClose: () => setCreating(false) }} />}
    </header>
  );
}

function DataList(props: DataListProps) {
  useSignals();
  const [store] = useState(() => createListStore(props));
  // On narrow screens the filters show behind a toggle.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const selected = store.selected.value;
  return (
    <>
      <ListHead store={store} props={props} filtersOpen={filtersOpen} toggleFilters={() => setFiltersOpen(!filtersOpen)} />
      <div className={selected ? "dl-layout has-detail" : "dl-layout"} id="dl-layout">
        <ListFilters store={store} open={filtersOpen} canModerate={props.canModerate} providers={props.providers} keywords={props.keywords} categories={props.categories} />
        <DataRows store={store} title={props.title} projectId={props.projectId} canModerate={props.canModerate} canAdmin={props.canAdmin} />
        {selected && <DetailPanel key={selected.id} store={store} item={selected} projectId={props.projectId} canModerate={props.canModerate} />}
      </div>
    </>
  );
}

/**
 * The data list page's island (spec 2: "Data list"): filters and sort, the rows with infinite scroll,
 * the row menus, the detail panel and the create button of the list's type. The server renders the
 * first page; the store loads the rest.
 */
export default function DataListPage({ locale, ...props }: DataListProps) {
  return (
    <Localized locale={locale}>
      <DataList locale={locale} {...props} />
    </Localized>
  );
}
