import { useT } from "../../lib/ui/i18n";
import { OlMap } from "../OlMap";

const WORLD = { center: [0, 0] as [number, number], zoom: 0, extent: [-180, -90, 180, 90] as [number, number, number, number] };

/** The details dialog's mini-map: the object, highlighted, over the offline basemap. */
export function MiniMap({ geometry }: { geometry: string }) {
  const { t } = useT();
  return (
    <div className="map-details__mini">
      <OlMap
        id="map-mini"
        label={t("map.details.minimap")}
        position={WORLD}
        onReady={(controller) => {
          void controller.showBasemap(false);
          controller.select(controller.showObject(geometry));
        }}
        onGone={() => undefined}
        onKeyDown={() => undefined}
      />
    </div>
  );
}
