import { type FormEvent, useEffect, useState } from "react";
import { errorText } from "../lib/failures";
import { byId, call, server } from "../lib/server";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { MapStore } from "./store";

/**
 * The layers tab's add-layer dialog (spec 3): the project's layers found by name, one chosen (Add needs it), put on
 * top of the map, shown; layers already on the map are not offered.
 */
export function AddLayerDialog({ store, projectId, onClose }: { store: MapStore; projectId: number; onClose: () => void }) {
  const { t } = useT();
  const [text, setText] = useState("");
  const [found, setFound] = useState<{ id: number; name: string }[]>([]);
  const [chosen, setChosen] = useState<number>();
  const [failure, setFailure] = useState("");
  useEffect(() => {
    const shown = new Set(store.layers.value.map((config) => config.layer.id));
    const timer = setTimeout(() => {
      call(server.data["search-by-type"].get({ query: { projectId, dataType: "LAYER", str: text.trim() } })).then(
        (hits) => setFound(hits.filter((hit) => !shown.has(hit.id))),
        (error) => setFailure(errorText(error)),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    try {
      const [layer] = await call(byId(server.layer["get-list"], chosen).get());
      if (!layer) return setFailure(t("map.layer.noKind"));
      store.addLayer(layer);
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  return (
    <Dialog title={t("map.layer.addTitle")} className="map__dialog" id="add-layer" onClose={onClose}>
      <form onSubmit={(event) => void add(event)}>
        <div className="field">
          <label htmlFor="add-layer-search">{t("map.layer.search")}</label>
          <input id="add-layer-search" type="search" autoComplete="off" autoFocus value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <fieldset className="map__choices">
          <legend className="visually-hidden">{t("map.layer.found")}</legend>
          {found.length === 0 && <p className="map__note">{t("map.layer.none")}</p>}
          {found.map((hit) => (
            <label key={hit.id}>
              <input type="radio" name="add-layer" checked={chosen === hit.id} onChange={() => setChosen(hit.id)} />
              {hit.name}
            </label>
          ))}
        </fieldset>
        <p className="form-error" role="alert" hidden={!failure}>
          {failure}
        </p>
        <DialogActions label={t("map.layer.add")} onCancel={onClose} disabled={!chosen} />
      </form>
    </Dialog>
  );
}
