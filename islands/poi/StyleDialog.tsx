import { type FormEvent, useId, useState } from "react";
import type { Wire } from "../../src/lib/responses";
import type { PresentedStyle } from "../../src/modules/poi/presenter";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { joinColour, splitColour } from "./colour";

export type Style = Wire<PresentedStyle>;

/** New styles start with a translucent red fill and an opaque red outline (spec 3 section 2). */
const NEW_STYLE = { name: "", stroke: "#FF0000FF", fill: "#FF000030", strokeWidth: 1, icon: "", imageScale: 1 };

/** A colour picker with its opacity beside it, both labelled. */
function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (colour: string) => void }) {
  const { t } = useT();
  const id = useId();
  const { rgb, opacity } = splitColour(value);
  return (
    <div className="poi-style__colour">
      <label htmlFor={`${id}-rgb`}>{label}</label>
      <input id={`${id}-rgb`} type="color" value={rgb} onChange={(e) => onChange(joinColour(e.target.value, opacity))} />
      <label htmlFor={`${id}-alpha`}>{t("poi.styles.opacity")}</label>
      <input id={`${id}-alpha`} type="number" min={0} max={100} step={1} value={opacity} onChange={(e) => onChange(joinColour(rgb, Number(e.target.value)))} />
    </div>
  );
}

/** The 700 px 'Стиль объекта' dialog: Delete (an existing style) or Cancel (a new one), and Save. */
export function StyleDialog({ editing, onDone, onClose }: { editing?: Style; onDone: () => void; onClose: () => void }) {
  const { t } = useT();
  const id = useId();
  const [style, setStyle] = useState(() => ({ ...NEW_STYLE, ...editing, icon: editing?.icon ?? "" }));
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof style>) => setStyle((current) => ({ ...current, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await call(server["layer-poi-style"].post({ ...style, id: editing?.id ?? null, icon: style.icon.trim() || null }));
      snack(t("poi.styles.saved"), "success");
      onDone();
    } catch (error) {
      reportFailure(error, t("poi.styles.saveFailed"));
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await call(server["layer-poi-style"].delete({}, { query: { id: editing!.id } }));
      snack(t("poi.styles.deleted"), "success");
      onDone();
    } catch (error) {
      reportFailure(error, t("poi.styles.deleteFailed"));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("poi.styles.dialog")} className="poi-style" onClose={onClose}>
      <form onSubmit={save} className="poi-style__form">
        <label htmlFor={`${id}-name`}>{t("poi.styles.name")}</label>
        <input id={`${id}-name`} required maxLength={255} value={style.name} onChange={(e) => set({ name: e.target.value })} />
        <ColourField label={t("poi.styles.stroke")} value={style.stroke} onChange={(stroke) => set({ stroke })} />
        <ColourField label={t("poi.styles.fill")} value={style.fill} onChange={(fill) => set({ fill })} />
        <label htmlFor={`${id}-width`}>{t("poi.styles.strokeWidth")}</label>
        <input id={`${id}-width`} type="number" min={0} max={8} step={0.5} required value={style.strokeWidth} onChange={(e) => set({ strokeWidth: Number(e.target.value) })} />
        <label htmlFor={`${id}-icon`}>{t("poi.styles.icon")}</label>
        <input id={`${id}-icon`} value={style.icon} onChange={(e) => set({ icon: e.target.value })} />
        <label htmlFor={`${id}-scale`}>{t("poi.styles.imageScale")}</label>
        <input id={`${id}-scale`} type="number" min={0.1} max={1} step={0.1} required value={style.imageScale} onChange={(e) => set({ imageScale: Number(e.target.value) })} />
        <div className="dialog-actions">
          {editing ? (
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void remove()}>
              {t("poi.styles.delete")}
            </button>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t("poi.styles.cancel")}
            </button>
          )}
          <button type="submit" className="btn" disabled={busy}>
            {t("poi.styles.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
