import type { Dispatch, SetStateAction } from "react";
import { useT } from "../lib/ui/i18n";
import { type CheckReport, GRAPH_TYPES_FOR, type GroupChoice, type ImportField } from "./geojson-import";

export interface Template {
  id: number;
  name: string;
  graphType: string;
  fields: ImportField[];
}

/** The fields an import fills: all but computed ones, which the server works out. */
export const fillable = (template: Template | undefined) => (template?.fields ?? []).filter((field) => field.type !== "COMPUTED_FIELD");

/** A labelled select of `options` with a first, empty choice. */
function Choice({ id, label, empty, value, options, disabled, onChange }: { id: string; label: string; empty: string; value?: string | number; options: { id: string | number; name: string }[]; disabled?: boolean; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">{empty}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One geometry group of the import dialog: its layer, a template of that layer for its geometry type, and each field's property. */
export function ImportGroup({
  group,
  choice,
  layers,
  templates,
  onChoose,
  onMap,
}: {
  group: CheckReport["groups"][number];
  choice: GroupChoice;
  layers: { id: number; name: string }[];
  templates: Map<number, Template[]>;
  onChoose: (change: Partial<GroupChoice>) => void;
  onMap: (mapping: Record<number, string>) => void;
}) {
  const { t, tf } = useT();
  const offered = (choice.layerId ? (templates.get(choice.layerId) ?? []) : []).filter((x) => GRAPH_TYPES_FOR[group.type]?.includes(x.graphType as never));
  const template = offered.find((x) => x.id === choice.templateId);
  const id = `geojson-${group.type}`;
  return (
    <fieldset className="map__import-group" id={id}>
      <legend>{tf("map.import.group", { type: group.type, count: group.count })}</legend>
      <Choice id={`${id}-layer`} label={t("map.import.layer")} empty={t("map.import.skipGroup")} value={choice.layerId} options={layers} onChange={(value) => onChoose({ layerId: Number(value) || undefined })} />
      <Choice
        id={`${id}-template`}
        label={t("map.import.template")}
        empty={t("map.import.noTemplate")}
        value={choice.templateId}
        options={offered}
        disabled={!choice.layerId}
        onChange={(value) => onChoose({ templateId: Number(value) || undefined })}
      />
      {fillable(template).map((field) => (
        <Choice
          key={field.id}
          id={`${id}-field-${field.id}`}
          label={tf("map.import.fieldFrom", { field: field.name })}
          empty={t("map.import.noProperty")}
          value={choice.mapping[field.id]}
          options={group.properties.map((name) => ({ id: name, name }))}
          onChange={(value) => onMap({ ...choice.mapping, [field.id]: value })}
        />
      ))}
    </fieldset>
  );
}

/** The features the check listed: each with its reason and place, skipped, or repaired when a repair can fix it and is ticked. */
export function ImportProblems({ report, repair, onRepair }: { report: CheckReport; repair: Set<number>; onRepair: Dispatch<SetStateAction<Set<number>>> }) {
  const { t, tf } = useT();
  const toggle = (index: number) => onRepair((now) => (now.has(index) ? new Set([...now].filter((x) => x !== index)) : new Set([...now, index])));
  return (
    <section className="map__import-problems" aria-labelledby="geojson-problems">
      <h3 id="geojson-problems">{tf("map.import.problems", { count: report.problemCount })}</h3>
      <ul>
        {report.problems.map((problem) => (
          <li key={problem.index} data-index={problem.index}>
            <span>{tf("map.import.problem", { index: problem.index + 1, reason: t(`map.import.reason.${problem.reason}` as never), place: [problem.message, problem.place].filter(Boolean).join(" · ") })}</span>
            {problem.repaired ? (
              <label>
                <input type="checkbox" checked={repair.has(problem.index)} onChange={() => toggle(problem.index)} />
                {t("map.import.repair")}
              </label>
            ) : (
              <span className="map__note">{t("map.import.skipped")}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
