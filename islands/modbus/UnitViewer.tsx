import { mdiPencil } from "@mdi/js";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../lib/failures";
import { live } from "../lib/live";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { ViewerContext } from "../viewers/registry";
import { Gauge } from "./Gauge";
import { UnitChart } from "./UnitChart";
import { UnitEditor } from "./UnitEditor";

type Unit = Awaited<ReturnType<typeof loadUnit>>;
type LastData = Awaited<ReturnType<typeof loadLast>>;
/** What the unit's topic carries (src/modules/modbus/poller.ts). */
type LiveEvent = { type: "READING"; date: number; readings: { fieldId: number; value: number }[] } | { type: "STATE"; online: boolean; lastSeen: number | null } | { type: string };

const loadUnit = (id: number) => call(server["modbus-unit"].get.get({ query: { id } }));
const loadLast = (unitId: number) => call(server["modbus-reader"]["get-last-data"]({ unitId }).get());

/** Seconds since `at`, counted again every second. */
function useAge(at: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return at === null ? null : Math.max(0, Math.round((now - at) / 1000));
}

/** Folds a live event into the last data: a poll's values, or the device going on- or offline. */
function applied(last: LastData, event: LiveEvent): LastData {
  if (event.type === "STATE" && "online" in event) return { ...last, online: event.online, lastSeen: event.lastSeen ?? last.lastSeen };
  if (event.type !== "READING" || !("readings" in event)) return last;
  const values = new Map(event.readings.map((r) => [r.fieldId, r.value]));
  const readings = last.readings.map((r) => (values.has(r.fieldId) ? { ...r, date: event.date, value: values.get(r.fieldId)! } : r));
  return { ...last, online: true, lastSeen: event.date, readings };
}

/**
 * The MODBUS_UNIT viewer: whether the device answers, the age of its last reading, and each field as a gauge with
 * the spec's bands, moving with the readings published on the unit's topic; on the unit's own page, the live chart
 * and, for moderators, the edit mode (save returns here and reloads).
 */
export function UnitViewer({ dataId, canModerate, compact }: ViewerContext) {
  const { t, tf } = useT();
  const [unit, setUnit] = useState<Unit>();
  const [last, setLast] = useState<LastData>();
  const [failure, setFailure] = useState<string>();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const edited = useRef(false);
  // Back from the edit mode, the keyboard is where it left for it.
  useEffect(() => {
    if (editing) edited.current = true;
    else if (edited.current) editButton.current?.focus();
  }, [editing]);
  const reload = useCallback(
    () =>
      Promise.all([loadUnit(dataId), loadLast(dataId)]).then(
        ([u, l]) => {
          setUnit(u);
          setLast(l);
        },
        (error) => setFailure(errorText(error)),
      ),
    [dataId],
  );
  useEffect(() => {
    void reload();
    live.start();
    return live.subscribe(`/ws-broker/${dataId}`, (body) => setLast((current) => current && applied(current, body as LiveEvent)));
  }, [dataId, reload]);
  const age = useAge(last?.lastSeen ?? null);
  if (failure) return <p className="unit__note--error">{failure}</p>;
  if (!unit || !last) return null;
  if (editing) {
    const saved = () => {
      setEditing(false);
      void reload();
    };
    return <UnitEditor unit={unit} last={last} onSaved={saved} onCancel={() => setEditing(false)} />;
  }
  const state = last.online === null ? "modbus.notPolled" : last.online ? "modbus.online" : "modbus.offline";
  return (
    <div className="unit">
      <div className="unit__state" aria-live="polite">
        <span className={`unit__badge${last.online === null ? "" : last.online ? " unit__badge--online" : " unit__badge--offline"}`}>{t(state)}</span>
        <span>{unit.ipAddress}</span>
        <span>{age === null ? t("modbus.noReading") : tf("modbus.lastReading", { seconds: age })}</span>
        {canModerate && !compact && (
          <button ref={editButton} type="button" className="btn btn--ghost unit__edit" onClick={() => setEditing(true)}>
            <Icon path={mdiPencil} />
            {t("modbus.edit")}
          </button>
        )}
      </div>
      <div className="unit__gauges">
        {unit.fields.map((field) => (
          <Gauge key={field.id} field={field} value={last.readings.find((r) => r.fieldId === field.id)?.value ?? null} />
        ))}
      </div>
      {!compact && <UnitChart unit={unit} />}
    </div>
  );
}
