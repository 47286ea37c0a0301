import { mdiArrowCollapseVertical, mdiArrowDown, mdiArrowExpandVertical, mdiArrowUp, mdiClose } from "@mdi/js";
import type { CSSProperties } from "react";
import type { MessageKey } from "../../locales/en";
import type { Wire } from "../../src/lib/responses";
import { dataItemPath } from "../../src/lib/data-paths";
import type { PresentedWidget } from "../../src/modules/widgets/presenter";
import { MIN_SIZE } from "../../src/modules/widgets/limits";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { WidgetBody } from "./WidgetBody";

export type Widget = Wire<PresentedWidget>;

/** A moderator's keyboard tools of a widget in edit mode. */
export interface WidgetTools {
  first: boolean;
  last: boolean;
  onMove(step: -1 | 1): void;
  onHeight(step: -1 | 1): void;
  onRemove(): void;
}

export function WidgetCard({ widget, projectId, canModerate, tools, style }: { widget: Widget; projectId: number; canModerate: boolean; tools?: WidgetTools; style?: CSSProperties }) {
  const { t, tf } = useT();
  const source = widget.abstractData;
  const name = source?.name ?? t(`widget.type.${widget.type}` as MessageKey);
  const titleId = `widget-title-${widget.id}`;
  const tool = (label: string, path: string, action: () => void, disabled = false) => (
    <button type="button" className="icon-btn icon-btn--small" aria-label={label} title={label} onClick={action} disabled={disabled}>
      <Icon path={path} />
    </button>
  );
  return (
    <section className="widget" aria-labelledby={titleId} data-widget-id={widget.id} style={style}>
      <header className={tools ? "widget__bar widget__bar--drag" : "widget__bar"}>
        <h3 id={titleId} className="widget__title">
          {source ? <a href={dataItemPath(projectId, source.dataType, source.id)}>{name}</a> : name}
        </h3>
        {tools && (
          <div className="widget__tools">
            {tool(tf("widget.moveUp", { name }), mdiArrowUp, () => tools.onMove(-1), tools.first)}
            {tool(tf("widget.moveDown", { name }), mdiArrowDown, () => tools.onMove(1), tools.last)}
            {tool(tf("widget.taller", { name }), mdiArrowExpandVertical, () => tools.onHeight(1))}
            {tool(tf("widget.shorter", { name }), mdiArrowCollapseVertical, () => tools.onHeight(-1), widget.layout.h <= MIN_SIZE[widget.type].h)}
            {tool(tf("widget.remove", { name }), mdiClose, tools.onRemove)}
          </div>
        )}
      </header>
      <WidgetBody type={widget.type} dataId={source?.id ?? null} projectId={projectId} canModerate={canModerate} />
    </section>
  );
}
