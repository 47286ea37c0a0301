import { mdiEarth, mdiFactory, mdiHomeCityOutline, mdiMapMarkerOutline, mdiMapOutline, mdiPineTree, mdiRoadVariant, mdiWaves } from "@mdi/js";
import { useEffect, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import type { CreatorProps } from "../data/creators";
import { CreatorForm, NameField } from "../data/CreatorForm";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

/** The icons a map may carry (stored as the icon's path). */
const MAP_ICONS = [mdiMapOutline, mdiEarth, mdiMapMarkerOutline, mdiRoadVariant, mdiWaves, mdiPineTree, mdiFactory, mdiHomeCityOutline];

/** The project's maps, for the parent of an inheriting view (the server refuses one that has a parent itself). */
function useProjectMaps(projectId: number, wanted: boolean) {
  const [maps, setMaps] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (wanted) call(server.data["search-by-type"].get({ query: { projectId, dataType: "MAP", str: "" } })).then(setMaps, () => setMaps([]));
  }, [projectId, wanted]);
  return maps;
}

/**
 * The MAP list's create dialog: a name, an icon and, for administrators, a parent map, which makes the new map an
 * inheriting view of it (its layers and settings). Create saves it (map/save with id 0) and opens it.
 */
export function MapCreator({ options, onClose }: CreatorProps) {
  const { t, tf } = useT();
  const [name, setName] = useState("");
  const [icon, setIcon] = useState(MAP_ICONS[0]!);
  const [parent, setParent] = useState("");
  const [nameError, setNameError] = useState("");
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const maps = useProjectMaps(options.projectId, options.canAdmin ?? false);

  async function submit() {
    const named = name.trim();
    setNameError(named ? "" : t("map.nameRequired"));
    if (!named) return nameInput.current?.focus();
    setFailure("");
    setSaving(true);
    try {
      const made = await call(server.map.save.post({ id: 0, project: { id: options.projectId }, name: named, icon, parentMap: parent ? { id: Number(parent) } : null }));
      location.assign(dataItemPath(options.projectId, "MAP", made.id));
    } catch (error) {
      setFailure(errorText(error));
      setSaving(false);
    }
  }

  return (
    <CreatorForm title={t("map.create.title")} id="map-create" submitLabel={t("map.create.submit")} submitId="mc-submit" saving={saving} failure={failure} onSubmit={() => void submit()} onClose={onClose}>
      <NameField id="mc-name" value={name} error={nameError} onChange={setName} inputRef={nameInput} />
      <fieldset className="mc-icons">
        <legend>{t("map.create.icon")}</legend>
        {MAP_ICONS.map((path, i) => (
          <label key={path} title={tf("map.create.iconN", { n: i + 1 })}>
            <input type="radio" name="mc-icon" checked={icon === path} onChange={() => setIcon(path)} aria-label={tf("map.create.iconN", { n: i + 1 })} />
            <Icon path={path} />
          </label>
        ))}
      </fieldset>
      {options.canAdmin && (
        <div className="field">
          <label htmlFor="mc-parent">{t("map.create.parent")}</label>
          <select id="mc-parent" aria-describedby="mc-parent-hint" value={parent} onChange={(event) => setParent(event.target.value)}>
            <option value="">{t("map.create.noParent")}</option>
            {maps.map((map) => (
              <option key={map.id} value={map.id}>
                {map.name}
              </option>
            ))}
          </select>
          <span className="mc-hint" id="mc-parent-hint">
            {t("map.create.parentHint")}
          </span>
        </div>
      )}
    </CreatorForm>
  );
}
