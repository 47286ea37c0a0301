import { useEffect, useMemo, useState } from "react";
import type { ActivityType } from "../../db/schema/admin";
import type { Locale } from "../../src/lib/i18n";
import type { LogSort } from "../../src/modules/audit/log";
import type { PresentedLogRow } from "../../src/modules/audit/presenter";
import type { Wire } from "../../src/lib/responses";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { Localized, useT } from "../lib/ui/i18n";
import { ActivityRow } from "./ActivityRow";
import { type LogFilters, searchOfFilters, serverFilters } from "./activity-filters";
import { type LogOrder, nextOrder } from "./activity-sort";
import "./activity-log.css";

const ROWS = 25;
const COLUMNS = [
  ["date", "admin.activity.date"],
  ["user", "admin.activity.user"],
  ["activityType", "admin.activity.event"],
  ["description", "admin.activity.description"],
] as const satisfies readonly (readonly [LogSort, string])[];

interface Props {
  /** The users to filter by, "Last First (login)" as the select shows them. */
  users: { id: number; label: string }[];
  /** The event kinds to filter by. */
  kinds: readonly ActivityType[];
  /** The filters the page's address names (activity-filters.ts). */
  initial: LogFilters;
}

/** How long typing may pause before the text filter asks the server. */
const TYPING_MS = 300;

interface Shown {
  rows: Wire<PresentedLogRow>[];
  total: number;
}

function Log({ users, kinds, initial }: Props) {
  const { t, tf, locale } = useT();
  const [order, setOrder] = useState<LogOrder>({ sortBy: "date", desc: true });
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<LogFilters>(initial);
  const [text, setText] = useState(initial.text);
  const [shown, setShown] = useState<Shown>();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" }), [locale]);
  const userId = filters.userId;
  const filter = (changed: Partial<LogFilters>) => {
    setFilters((before) => ({ ...before, ...changed }));
    setPage(0);
  };

  useEffect(() => {
    const timer = setTimeout(() => text !== filters.text && filter({ text }), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text, filters.text]);

  // The address keeps the filters, so a reload or a shared link shows the same rows.
  useEffect(() => history.replaceState(history.state, "", location.pathname + searchOfFilters(filters) + location.hash), [filters]);

  useEffect(() => {
    const controller = new AbortController();
    const body = { ...order, page, rowsPerPage: ROWS, ...serverFilters(filters) };
    call(server.admin["activity-log"]["find-pageable-search-result"].post(body, { fetch: { signal: controller.signal } })).then(
      (result) => setShown({ rows: result.content, total: result.totalElements }),
      // A newer request replaced this one: only logged, as the spec says.
      (error) => (controller.signal.aborted ? console.info("activity log request cancelled") : reportFailure(error)),
    );
    return () => controller.abort();
  }, [order, page, filters]);

  const pages = Math.max(1, Math.ceil((shown?.total ?? 0) / ROWS));
  const sortBy = (column: LogSort) => {
    setOrder(nextOrder(order, column));
    setPage(0);
  };
  return (
    <>
      <div className="activity-bar">
        <div className="field">
          <label htmlFor="activity-user">{t("admin.activity.user")}</label>
          <select
            id="activity-user"
            value={userId ?? ""}
            onChange={(event) => filter({ userId: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">{t("admin.activity.allUsers")}</option>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-kind">{t("admin.activity.event")}</label>
          <select id="activity-kind" value={filters.kind ?? ""} onChange={(event) => filter({ kind: kinds.find((kind) => kind === event.target.value) })}>
            <option value="">{t("admin.activity.allEvents")}</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`admin.activity.kind.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field activity-bar__day">
          <label htmlFor="activity-from">{t("admin.activity.from")}</label>
          <input id="activity-from" type="date" value={filters.from ?? ""} max={filters.to} onChange={(event) => filter({ from: event.target.value || undefined })} />
        </div>
        <div className="field activity-bar__day">
          <label htmlFor="activity-to">{t("admin.activity.to")}</label>
          <input id="activity-to" type="date" value={filters.to ?? ""} min={filters.from} onChange={(event) => filter({ to: event.target.value || undefined })} />
        </div>
        <div className="field">
          <label htmlFor="activity-text">{t("admin.activity.text")}</label>
          <input id="activity-text" type="search" maxLength={200} autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <a className="btn btn--ghost" id="activity-download" href={`/api/admin/activity-log/export/xlsx${userId ? `?userId=${userId}` : ""}`} download>
          {t("admin.activity.download")}
        </a>
      </div>
      <div className="table-scroll">
        <table className="list" id="activity-table" aria-describedby="activity-status">
          <thead>
            <tr>
              {COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" aria-sort={order.sortBy === key ? (order.desc ? "descending" : "ascending") : undefined}>
                  <button type="button" className="activity-sort" onClick={() => sortBy(key)}>
                    {t(label)}
                  </button>
                </th>
              ))}
              <th scope="col">{t("admin.activity.data")}</th>
            </tr>
          </thead>
          <tbody>
            {shown?.rows.map((row) => (
              <ActivityRow key={row.id} row={row} dateFormat={dateFormat} />
            ))}
          </tbody>
        </table>
      </div>
      <nav className="activity-pager">
        <button type="button" className="btn btn--ghost" id="activity-previous" disabled={page === 0} onClick={() => setPage(page - 1)}>
          {t("admin.activity.previous")}
        </button>
        <span id="activity-status" role="status">
          {shown && (shown.total ? tf("admin.activity.page", { page: page + 1, pages, total: shown.total }) : t("admin.activity.empty"))}
        </span>
        <button type="button" className="btn btn--ghost" id="activity-next" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          {t("admin.activity.next")}
        </button>
      </nav>
    </>
  );
}

/** /admin/user-activity's log: sorted by a column header, filtered on the server by user, event, days and text (kept in the address), a page at a time, and its XLSX download. */
export default function ActivityLog({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Log {...props} />
    </Localized>
  );
}
