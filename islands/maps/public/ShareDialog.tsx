import { useRef, useState } from "react";
import { snack } from "../../lib/snackbar";
import { Dialog } from "../../lib/ui/Dialog";
import { useT } from "../../lib/ui/i18n";
import { type EmbedOptions, FRAME_SIZE_LIMITS, type FrameSize, iframeSnippet } from "./embed";

/** Copies `text`; a refused clipboard leaves it selected in its field, to copy by hand. */
async function copy(field: HTMLInputElement | HTMLTextAreaElement | null, done: string) {
  if (!field) return;
  try {
    await navigator.clipboard.writeText(field.value);
    snack(done, "success");
  } catch {
    field.select();
  }
}

/**
 * The share dialog of a public map: its link, and the <iframe> code for other sites with the embedding options
 * (wheel zoom, search, a full-screen button, the size) written into the frame's address, which the page honours.
 */
export function ShareDialog({ name, onClose }: { name: string; onClose(): void }) {
  const { t } = useT();
  const address = `${location.origin}${location.pathname}`;
  const link = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLTextAreaElement>(null);
  const [options, setOptions] = useState<EmbedOptions>({ wheelZoom: false, search: true, fullscreen: true });
  const [size, setSize] = useState<FrameSize>({ width: 800, height: 600 });
  const snippet = iframeSnippet(address, options, size, name);
  const check = (key: keyof EmbedOptions, label: string) => (
    <label>
      <input type="checkbox" checked={options[key]} onChange={(event) => setOptions({ ...options, [key]: event.target.checked })} />
      {label}
    </label>
  );
  const dimension = (key: keyof FrameSize, label: string) => (
    <label>
      {label}
      <input type="number" min={FRAME_SIZE_LIMITS.min} max={FRAME_SIZE_LIMITS.max} step={10} value={size[key]} onChange={(event) => setSize({ ...size, [key]: Number(event.target.value) })} />
    </label>
  );
  return (
    <Dialog title={t("viewer.public.map.shareTitle")} onClose={onClose} className="pmap-share">
      <label htmlFor="pmap-link">{t("viewer.public.map.link")}</label>
      <div className="pmap-share__row">
        <input ref={link} id="pmap-link" readOnly value={address} onFocus={(event) => event.target.select()} />
        <button type="button" className="btn" onClick={() => void copy(link.current, t("viewer.public.copied"))}>
          {t("viewer.public.map.copyLink")}
        </button>
      </div>
      <fieldset>
        <legend>{t("viewer.public.map.embed")}</legend>
        {check("wheelZoom", t("viewer.public.map.wheelZoom"))}
        {check("search", t("viewer.public.map.showSearch"))}
        {check("fullscreen", t("viewer.public.map.fullscreenButton"))}
        <div className="pmap-share__row">
          {dimension("width", t("viewer.public.map.width"))}
          {dimension("height", t("viewer.public.map.height"))}
        </div>
      </fieldset>
      <label htmlFor="pmap-code">{t("viewer.public.map.code")}</label>
      <textarea ref={code} id="pmap-code" readOnly rows={4} value={snippet} onFocus={(event) => event.target.select()} />
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t("common.close")}
        </button>
        <button type="button" className="btn" onClick={() => void copy(code.current, t("viewer.public.map.codeCopied"))}>
          {t("viewer.public.map.copyCode")}
        </button>
      </div>
    </Dialog>
  );
}
