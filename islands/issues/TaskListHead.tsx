import { mdiArrowLeft, mdiFilterVariant, mdiFormatListBulleted, mdiPlus, mdiViewColumnOutline } from "@mdi/js";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

interface Props {
  projectId: number;
  total: number;
  view: "list" | "board";
  onView: (view: "list" | "board") => void;
  filtersOpen: boolean;
  onFilters: () => void;
  onCreate: () => void;
}

/** The list page's head: back to the project (narrow screens), the title and count, list or board, Filters (narrow screens) and New task. */
export function TaskListHead({ projectId, total, view, onView, filtersOpen, onFilters, onCreate }: Props) {
  const { t } = useT();
  return (
    <header className="tl-head">
      <a className="td-icon tl-back" href={`/project/${projectId}/home`} aria-label={t("issue.back")} title={t("issue.back")}>
        <Icon path={mdiArrowLeft} />
      </a>
      <h1>{t("issue.title")}</h1>
      <output className="tl-count" id="tl-count" aria-label={t("issue.count")} title={t("issue.count")}>
        {total}
      </output>
      <span className="tl-spacer" />
      <div className="tl-views" role="group" aria-label={t("issue.view")}>
        <button type="button" className="btn btn--ghost" aria-pressed={view === "list"} onClick={() => onView("list")}>
          <Icon path={mdiFormatListBulleted} />
          {t("issue.viewList")}
        </button>
        <button type="button" className="btn btn--ghost" aria-pressed={view === "board"} onClick={() => onView("board")}>
          <Icon path={mdiViewColumnOutline} />
          {t("issue.viewBoard")}
        </button>
      </div>
      <button type="button" className="btn btn--ghost tl-filters-toggle" aria-expanded={filtersOpen} aria-controls="tl-filters" onClick={onFilters}>
        <Icon path={mdiFilterVariant} />
        {t("issue.filtersShow")}
      </button>
      <button type="button" className="btn" aria-haspopup="dialog" onClick={onCreate}>
        <Icon path={mdiPlus} />
        {t("issue.create")}
      </button>
    </header>
  );
}
