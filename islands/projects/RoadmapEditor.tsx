import { mdiArrowDown, mdiArrowUp, mdiDeleteOutline, mdiDrag, mdiPlus } from "@mdi/js";
import { type FormEvent, useRef, useState } from "react";
import type { Timeline } from "../../src/modules/projects/model";
import { ROADMAP_LIMITS } from "../../src/modules/projects/limits";
import { reportFailure } from "../lib/failures";
import { reloadWith } from "../lib/flash";
import { call, server } from "../lib/server";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { stepColor } from "./step-color";
import { useSortable } from "./useSortable";

interface Step {
  key: number;
  title: string;
  tag: string;
  tooltip: string;
  color: string;
  description: string;
}
type Field = Exclude<keyof Step, "key">;

const TEXT_FIELDS = [
  { field: "title", label: "project.stepTitle", max: ROADMAP_LIMITS.title },
  { field: "tag", label: "project.stepTag", max: ROADMAP_LIMITS.tag },
  { field: "tooltip", label: "project.stepTooltip", max: ROADMAP_LIMITS.tooltip },
] as const;

let made = 0;
const newStep = (step?: Timeline["steps"][number]): Step => ({
  key: ++made,
  title: step?.title ?? "",
  tag: step?.tag ?? "",
  tooltip: step?.tooltip ?? "",
  color: stepColor(step?.color),
  description: step?.description ?? "",
});

function StepPanel({ step, n, sort, register, onEdit, onRemove }: {
  step: Step;
  n: number;
  sort: ReturnType<typeof useSortable<Step>>;
  /** Keeps the step's first field and Remove button, where focus goes after a change. */
  register: (control: string, element: HTMLElement | null) => void;
  onEdit: (field: Field, value: string) => void;
  onRemove: () => void;
}) {
  const { t, tf } = useT();
  const id = (field: Field) => `roadmap-step-${step.key}-${field}`;
  const remove = tf("project.removeStep", { n });
  return (
    <li className={sort.isDragging(step) ? "panel is-dragging" : "panel"} {...sort.itemProps(step)}>
      <div className="panel__head">
        <span className="icon-btn icon-btn--small drag-handle" draggable="true" title={t("category.dragHint")} aria-hidden="true">
          <Icon path={mdiDrag} />
        </span>
        <span data-step-label>{tf("project.step", { n })}</span>
        <span className="tools">
          <button type="button" className="icon-btn icon-btn--small" data-move="up" aria-label={t("project.moveUp")} title={t("project.moveUp")} onClick={() => sort.move(step, true)}>
            <Icon path={mdiArrowUp} />
          </button>
          <button type="button" className="icon-btn icon-btn--small" data-move="down" aria-label={t("project.moveDown")} title={t("project.moveDown")} onClick={() => sort.move(step, false)}>
            <Icon path={mdiArrowDown} />
          </button>
          <button type="button" className="icon-btn icon-btn--small" data-remove-step aria-label={remove} title={remove} onClick={onRemove}
            ref={(element) => register(`${step.key}:remove`, element)}>
            <Icon path={mdiDeleteOutline} />
          </button>
        </span>
      </div>
      <div className="step-grid">
        {TEXT_FIELDS.map(({ field, label, max }) => (
          <div className="field" key={field}>
            <label htmlFor={id(field)}>{t(label)}</label>
            <input id={id(field)} maxLength={max} value={step[field]} onChange={(event) => onEdit(field, event.target.value)}
              ref={field === "title" ? (element) => register(`${step.key}:first`, element) : undefined} />
          </div>
        ))}
        <div className="field">
          <label htmlFor={id("color")}>{t("project.stepColor")}</label>
          <input id={id("color")} type="color" value={step.color} onChange={(event) => onEdit("color", event.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={id("description")}>{t("project.stepDescription")}</label>
        <textarea id={id("description")} maxLength={ROADMAP_LIMITS.description} rows={2} value={step.description} onChange={(event) => onEdit("description", event.target.value)} />
      </div>
    </li>
  );
}

/** The administrator's roadmap editor: legend, step panels (reorder, add, remove any), save. */
export function RoadmapEditor({ projectId, timeline, onClose }: { projectId: number; timeline: Timeline; onClose: () => void }) {
  const { t } = useT();
  const [legend, setLegend] = useState(timeline.description);
  const [steps, setSteps] = useState(() => timeline.steps.map(newStep));
  const controls = useRef(new Map<string, HTMLElement>());
  const register = (control: string, element: HTMLElement | null) => {
    if (element) controls.current.set(control, element);
    else controls.current.delete(control);
  };
  const addButton = useRef<HTMLButtonElement>(null);
  const sort = useSortable(steps, (step) => String(step.key), setSteps, () => undefined);
  // Focus after a change of the list, once React has drawn it: a step's control, or Add step.
  const focusLater = (key: number | null, control: "first" | "remove") =>
    requestAnimationFrame(() => (controls.current.get(`${key}:${control}`) ?? addButton.current)?.focus());

  const add = () => {
    const step = newStep();
    setSteps([...steps, step]);
    focusLater(step.key, "first");
  };
  // Any step can go; focus moves to the step that takes its place (or the one before, or Add step).
  const remove = (index: number) => {
    const next = steps[index + 1] ?? steps[index - 1];
    setSteps(steps.filter((_, i) => i !== index));
    focusLater(next?.key ?? null, "remove");
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = steps.map(({ title, tag, tooltip, description, color }) => ({ title: title.trim(), tag: tag.trim(), tooltip: tooltip.trim(), description: description.trim(), color }));
    try {
      await call(server.project.update.post({ id: projectId, timeline: { description: legend, steps: sent } }));
      reloadWith(t("project.dataSaved"), "success", "roadmap");
    } catch (error) {
      reportFailure(error, t("project.errorWritingData"));
    }
  };
  return (
    <Dialog title={t("project.roadmapEdit")} className="wide" onClose={onClose}>
      <form onSubmit={submit}>
        <div className="panel field">
          <label htmlFor="roadmap-legend">{t("project.legend")}</label>
          <textarea id="roadmap-legend" name="legend" maxLength={ROADMAP_LIMITS.legend} rows={3} value={legend} onChange={(event) => setLegend(event.target.value)} />
        </div>
        <ol className="steps sortable" id="roadmap-step-panels">
          {steps.map((step, i) => (
            <StepPanel key={step.key} step={step} n={i + 1} sort={sort} register={register} onEdit={(field, value) => setSteps(steps.map((s) => (s === step ? { ...s, [field]: value } : s)))} onRemove={() => remove(i)} />
          ))}
        </ol>
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" ref={addButton} onClick={add}>
            <Icon path={mdiPlus} />
            {t("project.addStep")}
          </button>
          <span className="spacer" />
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn">
            {t("common.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
