import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { type MapPoint, mapHref } from "./cells";

/** The chooser of a row with several map points: one link per point, its name or else its coordinates. */
export function PointChooser({ projectId, points, onClose }: { projectId: number; points: MapPoint[]; onClose: () => void }) {
  const { t, tf } = useT();
  return (
    <Dialog className="tv__dialog" title={t("table.choosePoint")} onClose={onClose}>
      <ul className="tv__points">
        {points.map((point, index) => (
          <li key={index}>
            <a href={mapHref(projectId, point)}>{point.name ?? tf("table.point", { lat: point.lat, lon: point.lon })}</a>
          </li>
        ))}
      </ul>
      <div className="tv__dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
