import { useT } from "../lib/ui/i18n";

/** What a gauge shows of a field. */
export interface GaugeField {
  id: number;
  name: string;
  postfix: string;
  dataType: "WORD" | "FLOAT" | "BOOLEAN";
  minValue: number | null;
  minThresholdValue: number | null;
  maxValue: number | null;
  maxThresholdValue: number | null;
}

const share = (value: number, min: number, max: number) => Math.min(100, Math.max(0, ((value - min) / (max - min || 1)) * 100));

/**
 * One field as a gauge (spec 2): the value with its postfix and, when the field has a range, a bar from the minimum
 * to the maximum, red below the minimum threshold and above the maximum, green between, with a marker at the value.
 */
export function Gauge({ field, value }: { field: GaugeField; value: number | null }) {
  const { t, locale } = useT();
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  const low = field.minThresholdValue;
  const high = field.maxThresholdValue;
  const alarm = value !== null && ((low !== null && value < low) || (high !== null && value > high));
  const shown = value === null ? "—" : field.dataType === "BOOLEAN" ? t(value ? "modbus.on" : "modbus.off") : `${number(value)}${field.postfix}`;
  const min = field.minValue ?? Math.min(low ?? 0, 0);
  const max = field.maxValue ?? Math.max(high ?? 100, min + 1);
  const ranged = field.dataType !== "BOOLEAN" && (field.minValue !== null || field.maxValue !== null);
  const lowAt = low === null ? 0 : share(low, min, max);
  const highAt = high === null ? 100 : share(high, min, max);
  return (
    <section className="gauge" aria-label={field.name}>
      <h3 className="gauge__name">{field.name}</h3>
      <div className={alarm ? "gauge__value gauge__value--alarm" : "gauge__value"}>{shown}</div>
      {ranged && (
        <>
          <div className="gauge__track" role="meter" aria-label={field.name} aria-valuemin={min} aria-valuemax={max} aria-valuenow={value ?? undefined} aria-valuetext={shown}>
            <span className="gauge__band--low" style={{ width: `${lowAt}%` }} />
            <span className="gauge__band--ok" style={{ width: `${highAt - lowAt}%` }} />
            <span className="gauge__band--high" style={{ width: `${100 - highAt}%` }} />
            {value !== null && <span className="gauge__marker" style={{ left: `calc(${share(value, min, max)}% - 1px)` }} />}
          </div>
          <div className="gauge__scale" aria-hidden="true">
            <span>{number(min)}</span>
            <span>{number(max)}</span>
          </div>
        </>
      )}
    </section>
  );
}
