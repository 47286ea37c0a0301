import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../lib/ui/i18n";
import { formatArea, formatLength } from "./measure-format";
import type { MapStore } from "./store";

/** The measuring tool's hint while it draws, then its geodesic figure, read out as it changes. */
export function MeasureResult({ store }: { store: MapStore }) {
  useSignals();
  const { t, tf, locale } = useT();
  const measured = store.measured.value;
  if (!store.tool.value) return null;
  const text = !measured
    ? t("map.measureHint")
    : measured.kind === "line"
      ? tf("map.measure.length", { value: formatLength(measured.value, locale, tf) })
      : tf("map.measure.area", { value: formatArea(measured.value, locale, tf) });
  return (
    <p className="map__measure" id="map-measure" role="status">
      {text}
    </p>
  );
}
