import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../../../src/lib/i18n";
import { OnDemand } from "../../lib/ui/OnDemand";
import { Localized, useT } from "../../lib/ui/i18n";
import type { EmbedOptions } from "./embed";
import { LayerPanel } from "./LayerPanel";
import { MapHeader } from "./MapHeader";
import { SearchSheet } from "./SearchSheet";
import { ShareDialog } from "./ShareDialog";
import { createPublicMapStore, type PublicFrame } from "./store";
import "./public-map.css";

interface PublicMapProps {
  frame: PublicFrame;
  embed: EmbedOptions;
}

// OpenLayers comes with the stage, after the page has hydrated: the header, panel and search are usable before.
const loadStage = () => import("./PublicStage");

function PublicMapPage({ frame, embed }: PublicMapProps) {
  useSignals();
  const { t } = useT();
  const [store] = useState(() => createPublicMapStore(frame));
  const root = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div ref={root} className="pmap">
      <MapHeader store={store} frame={frame} search={embed.search} />
      {frame.description && (
        <section id="pmap-info" className="pmap__info" aria-label={t("viewer.public.info")} hidden={!store.infoOpen.value}>
          <p>{frame.description}</p>
        </section>
      )}
      <div className="pmap__body">
        <LayerPanel store={store} frame={frame} />
        <div className="pmap__stage">{mounted && <OnDemand load={loadStage} props={{ store, frame, embed, fullscreen: () => void root.current?.requestFullscreen() }} />}</div>
        {embed.search && <SearchSheet store={store} />}
      </div>
      {store.shareOpen.value && <ShareDialog name={frame.name} onClose={() => (store.shareOpen.value = false)} />}
    </div>
  );
}

/** /public-data/{id} of a MAP (spec 3, "Public map frame"): the published layers read-only, signed in or not, embeddable. */
export default function PublicMap({ locale, ...props }: PublicMapProps & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <PublicMapPage {...props} />
    </Localized>
  );
}
