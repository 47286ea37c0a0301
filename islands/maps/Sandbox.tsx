import type { Locale } from "../../src/lib/i18n";
import { Localized } from "../lib/ui/i18n";
import { mapOfLayers } from "./layers-map";
import { LoadedMap } from "./MapViewer";
import type { MapData } from "./store";

interface SandboxProps {
  locale: Locale;
  projectId: number;
  name: string;
  /** The layers, the first on top (the base layer last). */
  layers: MapData["layerConfigList"][number]["layer"][];
  center?: [number, number];
  zoom?: number;
  featureId?: number;
}

/**
 * The map sandbox (spec 3, /project/{id}/layer/sandbox): the map island with just the layers its address names,
 * read-only (no saving, no drawing, no panel), centred where it says, the object it names selected.
 */
export default function Sandbox({ locale, projectId, name, layers, center, zoom, featureId }: SandboxProps) {
  return (
    <Localized locale={locale}>
      <LoadedMap map={mapOfLayers({ projectId, name, layers, center, zoom })} context={{ dataId: 0, projectId, canModerate: false, compact: true }} linkedObject={featureId} />
    </Localized>
  );
}
