import { mdiCompare, mdiDownload, mdiFullscreenExit } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import type { VersionPreview } from "../../src/modules/docs/presenter";
import { setFullScreen } from "../data/frame-store";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { fileUrl } from "./common";
import { CompareDialog } from "./CompareDialog";
import { CompareView } from "./CompareView";
import { DocSearchBox } from "./DocSearchBox";
import { StageMessage } from "./StageMessage";
import { type DocPageData, type DocStore, docStore } from "./store";
import { VersionView } from "./VersionView";

/** What the stage shows: the selected version, two versions compared, or that there is none. */
function Stage({ store, preview, onArticle }: { store: DocStore; preview?: VersionPreview; onArticle: (article: HTMLElement | null) => void }) {
  useSignals();
  const { t } = useT();
  const comparing = store.comparing.value;
  const version = store.selected.value;
  if (comparing) return <CompareView before={comparing.before} after={comparing.after} onEnd={store.endCompare} />;
  if (!version) return <StageMessage text={t("docs.emptyList")} />;
  return <VersionView version={version} preview={preview?.versionId === version.id ? preview : undefined} onArticle={onArticle} />;
}

function Pane({ store, preview }: { store: DocStore; preview?: VersionPreview }) {
  useSignals();
  const { t } = useT();
  const [article, setArticle] = useState<HTMLElement | null>(null);
  const [choosing, setChoosing] = useState(false);
  const version = store.selected.value;
  return (
    <>
      <div className="viewer__bar">
        <h2 className="viewer__title" id="viewer-title">
          {version?.name ?? ""}
        </h2>
        <DocSearchBox article={store.comparing.value ? null : article} />
        <button type="button" className="btn btn--ghost" id="compare-open" hidden={store.words.value.length < 2} onClick={() => setChoosing(true)}>
          <Icon path={mdiCompare} /> <span className="viewer__label">{t("docs.view.compare")}</span>
        </button>
        {version && (
          <a className="btn btn--ghost" id="download" href={fileUrl(version.id)} download>
            <Icon path={mdiDownload} /> <span className="viewer__label">{t("docs.view.download")}</span>
          </a>
        )}
        {/* Shown only in full screen, where the header is covered. */}
        <button type="button" className="docv-icon viewer__exit" data-exit-fullscreen title={t("docs.view.fullScreen")} onClick={() => setFullScreen(false, { returnFocus: true })}>
          <Icon path={mdiFullscreenExit} />
          <span className="visually-hidden">{t("docs.view.fullScreen")}</span>
        </button>
      </div>
      <div className="viewer__stage" id="viewer-stage">
        <Stage store={store} preview={preview} onArticle={setArticle} />
      </div>
      {choosing && (
        <CompareDialog
          words={store.words.value}
          onClose={() => setChoosing(false)}
          onCompare={(before, after) => {
            setChoosing(false);
            store.compare(before, after);
          }}
        />
      )}
    </>
  );
}

/**
 * The document page's viewer: the bar (title, search, compare, download) and the selected version or a comparison.
 * `preview` is what the server rendered of the newest version, shown before the rest of it comes.
 */
export default function DocViewerPane({ locale, data, preview }: { locale: Locale; data: DocPageData; preview?: VersionPreview }) {
  const [store] = useState(() => docStore(data));
  return (
    <Localized locale={locale}>
      <Pane store={store} preview={preview} />
    </Localized>
  );
}
