import { useState } from "react";
import { useT } from "../lib/ui/i18n";
import type { ViewerContext } from "../viewers/registry";
import { MapControls } from "./MapControls";
import { MapPanel } from "./MapPanel";
import { MeasureResult } from "./MeasureResult";
import type { MapPosition } from "./map-controller";
import { OlMap } from "./OlMap";
import { createMapStore } from "./store";

/** Spec 3: a map with no saved position is centred on [0, 0]; with no point layer it starts at zoom 0, the whole world. */
const WORLD: MapPosition = { center: [0, 0], zoom: 0 };

/**
 * The MAP viewer (spec 3, "Map view"): the map with its controls and, on the data page, the panel of tabs. A
 * compact host (widget, split screen) gets the map, my location and zoom only.
 */
export function MapViewer({ dataId, canModerate, compact }: ViewerContext) {
  const { t, locale } = useT();
  const [store] = useState(createMapStore);
  return (
    <div className={compact ? "map map--compact" : "map"}>
      {!compact && <MapPanel store={store} dataId={dataId} locale={locale} />}
      <div className="map__stage">
        <OlMap
          label={t("map.label")}
          position={WORLD}
          onReady={store.attach}
          onGone={store.detach}
          onKeyDown={(event) => {
            if (event.key === "Enter") store.finishMeasure();
            else if (event.key === "Escape") store.stopMeasure();
          }}
        />
        <MapControls store={store} canEdit={canModerate} compact={compact} />
        <MeasureResult store={store} />
      </div>
    </div>
  );
}
