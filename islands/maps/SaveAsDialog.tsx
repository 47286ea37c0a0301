import { type FormEvent, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { MapStore } from "./store";

/** Save as (spec 3): the new map's name, checked before anything is sent; the new map opens once saved. */
export function SaveAsDialog({ store, projectId, onClose }: { store: MapStore; projectId: number; onClose: () => void }) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    const named = name.trim();
    setProblem(named ? "" : t("map.nameRequired"));
    if (!named) return;
    const id = await store.save(named).catch(() => undefined);
    if (id) location.assign(dataItemPath(projectId, "MAP", id));
  }
  return (
    <Dialog title={t("map.saveAs")} className="map__dialog" id="map-save-as" onClose={onClose}>
      <form className="field" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor="map-save-as-name">{t("map.name")}</label>
        <input
          id="map-save-as-name"
          value={name}
          maxLength={255}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby="map-save-as-problem"
          onChange={(event) => setName(event.target.value)}
        />
        <span className="field__error" id="map-save-as-problem" aria-live="polite">
          {problem}
        </span>
        <DialogActions label={t("map.save")} onCancel={onClose} disabled={store.saving.value} />
      </form>
    </Dialog>
  );
}
