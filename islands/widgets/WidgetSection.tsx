/**
 * The project's widget section, on the dashboard and the project home (the spec's two places with a
 * widget mode). Read mode is a CSS grid of the same cells (12 columns, rows of 30 px, gaps of 10 by
 * 16, one column under 601 px) that costs no grid script; react-grid-layout and the editable grid
 * load when a moderator asks to edit, and then take the section over.
 */
import "react-grid-layout/css/styles.css";
import "./widgets.css";
import { mdiPencil } from "@mdi/js";
import { type ComponentType, type CSSProperties, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import type WidgetGrid from "./grid";
import { byPosition, rowsToPixels } from "./layout";
import { type Widget, WidgetCard } from "./WidgetCard";

interface Props {
  projectId: number;
  canModerate: boolean;
  widgets: Widget[];
}

function Widgets({ projectId, canModerate, widgets }: Props) {
  const { t } = useT();
  const [Grid, setGrid] = useState<ComponentType<Parameters<typeof WidgetGrid>[0]> | null>(null);
  const [loading, setLoading] = useState(false);
  const edit = () => {
    setLoading(true);
    import("./grid")
      .then((grid) => setGrid(() => grid.default))
      .catch((error) => {
        setLoading(false);
        reportFailure(error);
      });
  };
  if (Grid) return <Grid projectId={projectId} canModerate={canModerate} initial={widgets} editing />;
  return (
    <>
      <div className="toolbar">
        <h2 id="widgets-title">{t("widget.title")}</h2>
        {canModerate && (
          <button type="button" className="btn btn--ghost" disabled={loading} onClick={edit}>
            <Icon path={mdiPencil} />
            {t("widget.edit")}
          </button>
        )}
      </div>
      {widgets.length ? (
        <div className="widget-grid widget-grid--static">
          {byPosition(widgets).map((widget) => {
            const { x, y, w, h } = widget.layout;
            const place = { gridColumn: `${x + 1} / span ${w}`, gridRow: `${y + 1} / span ${h}`, "--widget-height": `${rowsToPixels(h)}px` } as CSSProperties;
            return <WidgetCard key={widget.id} widget={widget} projectId={projectId} canModerate={canModerate} style={place} />;
          })}
        </div>
      ) : (
        <p className="empty">{t("widget.empty")}</p>
      )}
    </>
  );
}

export default function WidgetSection({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <section className="widgets" id="widget-grid" aria-labelledby="widgets-title">
        <Widgets {...props} />
      </section>
    </Localized>
  );
}
