import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useConfirm } from "../lib/ui/Confirm";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { OnDemand } from "../lib/ui/OnDemand";
import type { ChartWizardOptions } from "../charts/wizard-store";
import { RecordDialog } from "./RecordDialog";
import type { RowQuery, RowsPage } from "./rows";
import { createTableStore, type TableStore } from "./store";
import { TableGrid } from "./TableGrid";

/** The pause in typing before the filter goes to the server. */
const FILTER_PAUSE = 300;

/** The sort and filter the page's address holds (?sortBy=cell_2&desc=true&filter=31,5), so a reload or a shared link shows the same rows. */
function queryInAddress(): RowQuery {
  const params = new URLSearchParams(location.search);
  const sortBy = params.get("sortBy") ?? undefined;
  const filter = params.get("filter")?.trim() || undefined;
  return { ...(sortBy ? { sortBy, desc: params.get("desc") === "true" } : {}), ...(filter ? { filter } : {}) };
}

/** Keeps the view's sort and filter in the address, replacing the entry (no history step per keystroke). */
function keepInAddress(query: RowQuery) {
  const params = new URLSearchParams(location.search);
  for (const key of ["sortBy", "desc", "filter"]) params.delete(key);
  if (query.sortBy) params.set("sortBy", query.sortBy);
  if (query.sortBy && query.desc) params.set("desc", "true");
  if (query.filter) params.set("filter", query.filter);
  const rest = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
}

/**
 * A search hit's words (the address's #hl=, see islands/lib/find-on-open.ts): the view opens at the first row that
 * holds them, wherever its page is, and marks it. Only in the table's own order: a hit's link carries no sort or filter.
 */
function useSearchHitRow(store: TableStore, tableId: number, enabled: boolean) {
  useEffect(() => {
    const q = new URLSearchParams(location.hash.slice(1)).get("hl")?.trim();
    const { sortBy, filter } = store.query.peek();
    if (!enabled || !q || sortBy || filter) return;
    let gone = false;
    // Not finding the row leaves the table at its start, where the page's highlight still looks.
    call(server.table["find-row"]({ id: tableId }).get({ query: { q } })).then(
      ({ row }) => row && !gone && store.showRow(row.id, row.index),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [store, tableId, enabled]);
}

/** The server's filter, after a pause in typing; a new one aborts the rows in flight. */
function FilterBox({ store }: { store: TableStore }) {
  const { t } = useT();
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="tv__filter">
      <label className="visually-hidden" htmlFor={id}>
        {t("table.filter")}
      </label>
      <input
        type="search"
        id={id}
        placeholder={t("table.filter")}
        autoComplete="off"
        maxLength={255}
        defaultValue={store.query.peek().filter ?? ""}
        onInput={(event) => {
          const text = event.currentTarget.value.trim();
          clearTimeout(timer.current);
          timer.current = setTimeout(() => store.filter(text), FILTER_PAUSE);
        }}
      />
    </div>
  );
}

const loadChartWizard = () => import("../charts/wizard");

/** A moderator's tools: add a record, delete the selected ones after confirming, make a chart of the table. */
function EditTools({ store, tableId, projectId }: { store: TableStore; tableId: number; projectId: number }) {
  useSignals();
  const { t, tf } = useT();
  const [adding, setAdding] = useState(false);
  const [chart, setChart] = useState<ChartWizardOptions>();
  const [question, ask] = useConfirm();
  const chosen = store.selected.value.size;
  const remove = async () => {
    if (chosen && (await ask({ title: t("table.confirmTitle"), text: tf("table.deleteConfirm", { n: chosen }), confirm: t("table.delete") }))) await store.deleteSelected();
  };
  return (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => setAdding(true)}>
        {t("table.addRecord")}
      </button>
      <button type="button" className="btn btn--ghost" disabled={!chosen} onClick={() => void remove()}>
        {chosen ? tf("table.deleteSelectedCount", { n: chosen }) : t("table.deleteSelected")}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => setChart({ projectId, tableId })}>
        {t("chart.addChart")}
      </button>
      {adding && <RecordDialog columns={store.layout.value.columns} add={store.addRecord} onClose={() => setAdding(false)} />}
      {chart && <OnDemand load={loadChartWizard} props={{ options: chart, onClosed: () => setChart(undefined) }} />}
      {question}
    </>
  );
}

/** The row count, a live region: read out whenever it changes. */
function RowCount({ store }: { store: TableStore }) {
  useSignals();
  const { t, tf } = useT();
  const total = store.total.value;
  return (
    <output className="tv__count" aria-live="polite">
      {total === undefined ? t("common.loading") : tf("table.rows", { n: total })}
    </output>
  );
}

export interface TableViewProps {
  dataId: number;
  projectId: number;
  canModerate: boolean;
  /** A dashboard widget, a report block or one half of split screen: no editing or downloads. */
  compact: boolean;
  /** The first page of rows for the address's sort and filter, when the data page loaded it with its HTML. */
  firstPage?: RowsPage;
}

/**
 * The table view (spec 2, "Table view"): the filter, the row count and the tools above the rows the
 * server pages, sorts and filters. Moderators edit cells in place, add and delete records; rows with
 * map points open the map.
 */
export function TableView({ dataId, projectId, canModerate, compact, firstPage }: TableViewProps) {
  const { t } = useT();
  const editable = canModerate && !compact;
  // The data page's own view keeps its sort and filter in the address; widgets, reports and split screen do not.
  const store = useMemo(
    () => (compact ? createTableStore(dataId, editable) : createTableStore(dataId, editable, queryInAddress(), keepInAddress, firstPage)),
    [dataId, editable, compact],
  );
  useEffect(() => () => store.stop(), [store]);
  useSearchHitRow(store, dataId, !compact);
  return (
    <div className={`tv${compact ? " tv--compact" : ""}`}>
      <div className="tv__bar">
        <FilterBox store={store} />
        <RowCount store={store} />
        <div className="tv__tools">
          {editable && <EditTools store={store} tableId={dataId} projectId={projectId} />}
          {!compact &&
            (["xlsx", "csv"] as const).map((format) => {
              const label = t(format === "xlsx" ? "table.downloadXlsx" : "table.downloadCsv");
              return (
                <a key={format} className="btn btn--ghost" href={`/api/files/get-data-table/${dataId}?format=${format}`} download="" aria-label={label} title={label}>
                  {format.toUpperCase()}
                </a>
              );
            })}
        </div>
      </div>
      <TableGrid store={store} editable={editable} projectId={projectId} />
    </div>
  );
}
