import type { FieldValue } from "../../../src/modules/poi/rules/values";
import { useDates } from "../../lib/ui/dates";
import { useT } from "../../lib/ui/i18n";

type Entry = {
  id: number;
  author: { firstName: string; lastName: string } | null;
  changeType: "CREATE" | "UPDATE" | "DELETE";
  date: string;
  geometry: string | null;
  changeListByFields: { fieldName: string; value: FieldValue }[];
};

const shown = (value: FieldValue) => (value === null ? "—" : Array.isArray(value) ? value.join(", ") : String(value));

/** How many vertices a GeoJSON geometry has, and its type. */
function shapeOf(geometry: string): { type: string; count: number } {
  const parsed = JSON.parse(geometry) as { type: string; coordinates: unknown };
  const count = (value: unknown): number => (Array.isArray(value) && typeof value[0] === "number" ? 1 : Array.isArray(value) ? value.reduce((sum: number, part) => sum + count(part), 0) : 0);
  return { type: parsed.type, count: count(parsed.coordinates) };
}

/** The changelog (spec 3): Author, Change type, Date, Changed fields and the geometry an entry saved, newest first. */
export function Changelog({ entries }: { entries: Entry[] }) {
  const { t, tf } = useT();
  const { stamp } = useDates();
  return (
    <div className="map-details__scroll">
      <table className="map-details__log">
        <caption>{t("map.details.changelog")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("map.details.author")}</th>
            <th scope="col">{t("map.details.changeType")}</th>
            <th scope="col">{t("map.details.date")}</th>
            <th scope="col">{t("map.details.changedFields")}</th>
            <th scope="col">{t("map.details.geometry")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const shape = entry.geometry ? shapeOf(entry.geometry) : null;
            return (
              <tr key={entry.id}>
                <td>{entry.author ? `${entry.author.firstName} ${entry.author.lastName}`.trim() : "—"}</td>
                <td>{t(`map.details.change.${entry.changeType}`)}</td>
                <td>{stamp(entry.date)}</td>
                <td>{entry.changeListByFields.map((change) => `${change.fieldName}: ${shown(change.value)}`).join("; ") || "—"}</td>
                <td>{shape ? tf("map.details.shape", { type: shape.type, count: String(shape.count) }) : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
