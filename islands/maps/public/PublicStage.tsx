import { mdiClose, mdiFullscreen, mdiMinus, mdiPlus } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import type { MapOptions } from "../map-controller";
import { OlMap } from "../OlMap";
import { startView } from "../start-view";
import { adoptMapStyles } from "../styles";
import type { EmbedOptions } from "./embed";
import { publicObjects } from "./frame-data";
import type { PublicFrame, PublicMapStore } from "./store";

// This module comes after the page has hydrated, in the browser only: OpenLayers and the map's styles come with it.
adoptMapStyles();

interface StageProps {
  store: PublicMapStore;
  frame: PublicFrame;
  embed: EmbedOptions;
  /** Puts the whole frame in full screen (the embedding option). */
  fullscreen(): void;
}

/** The card of the clicked or found object: its name and published fields. */
function ObjectCard({ store }: { store: PublicMapStore }) {
  useSignals();
  const { t } = useT();
  const shown = store.selected.value;
  if (!shown) return null;
  return (
    <section className="pmap__card" aria-label={t("viewer.public.map.object")}>
      <button type="button" className="docv-icon pmap__card-close" title={t("common.close")} onClick={() => (store.selected.value = null)}>
        <Icon path={mdiClose} />
        <span className="visually-hidden">{t("common.close")}</span>
      </button>
      <h2>{shown.name}</h2>
      {shown.labels.length > 0 && (
        <dl>
          {shown.labels.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The public frame's map (OpenLayers through the OlMap adapter) with zoom, the optional full-screen button and the object card. */
export default function PublicStage({ store, frame, embed, fullscreen }: StageProps) {
  const { t } = useT();
  const [options] = useState<MapOptions>(() => ({ objects: publicObjects(frame.id), styles: async () => frame.styles, wheelZoom: embed.wheelZoom }));
  const button = (label: string, path: string, act: () => void) => (
    <button type="button" className="docv-icon pmap__control" title={label} onClick={act}>
      <Icon path={path} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
  return (
    <>
      <OlMap
        label={t("map.label")}
        position={startView(frame.position)}
        onReady={store.attach}
        onGone={store.detach}
        options={options}
        onKeyDown={(event) => {
          if (event.key === "Escape") store.selected.value = null;
        }}
      />
      <div className="pmap__controls">
        {button(t("map.zoomIn"), mdiPlus, () => store.zoom(1))}
        {button(t("map.zoomOut"), mdiMinus, () => store.zoom(-1))}
        {embed.fullscreen && button(t("viewer.public.map.fullscreen"), mdiFullscreen, fullscreen)}
      </div>
      <ObjectCard store={store} />
    </>
  );
}
