import { mdiUpload } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { sizeFormat } from "./format";
import { useDrive } from "./store";

/** How much of the quota the files use, as text and as a bar. */
function Space() {
  useSignals();
  const strings = useT();
  const size = sizeFormat(strings);
  const { used, quota } = useDrive().quota.value;
  return (
    <div className="drive__space">
      <span data-quota-text>{strings.tf("drive.quota", { used: size(used), quota: size(quota) })}</span>
      <progress max={quota} value={Math.min(used, quota)} aria-label={strings.t("drive.quotaBar")} />
    </div>
  );
}

/** Uploads in progress, each with its bar; a failed one says why. */
function Uploads() {
  useSignals();
  const { t } = useT();
  const uploads = useDrive().uploads.value;
  return (
    <section className="drive__uploads" aria-label={t("drive.uploads")} hidden={uploads.length === 0}>
      <ul>
        {uploads.map((upload) => (
          <li key={upload.key} data-failed={upload.failed === undefined ? undefined : ""}>
            <span>{upload.failed ?? upload.name}</span>
            {upload.failed === undefined && <progress max={1} value={upload.progress} aria-label={upload.name} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page's title and space, the search and the upload button, and the uploads under way. */
export function DriveHeader() {
  useSignals();
  const { t } = useT();
  const store = useDrive();
  const chooser = useRef<HTMLInputElement>(null);
  return (
    <>
      <header className="drive__head">
        <h1>{t("drive.title")}</h1>
        <Space />
      </header>
      <div className="drive__toolbar">
        <div className="drive__search">
          <label htmlFor="drive-search" className="visually-hidden">
            {t("drive.search")}
          </label>
          <input id="drive-search" type="search" placeholder={t("drive.search")} maxLength={255} autoComplete="off" value={store.query.value} onChange={(event) => store.search(event.target.value)} />
        </div>
        <div className="drive__upload">
          <input
            id="drive-upload-input"
            ref={chooser}
            type="file"
            multiple
            hidden
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = "";
              if (chosen.length) store.upload(chosen);
            }}
          />
          <button type="button" className="btn" aria-describedby="drive-upload-hint" onClick={() => chooser.current!.click()}>
            <Icon path={mdiUpload} /> {t("drive.upload")}
          </button>
          <small id="drive-upload-hint">{t("drive.uploadHint")}</small>
        </div>
      </div>
      <Uploads />
    </>
  );
}
