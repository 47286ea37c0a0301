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
      <div className="field">
        <label htmlFor={`${id}-layer`}>{t("map.import.layer")}</label>
        <select id={`${id}-layer`} value={choice.layerId ?? ""} onChange={(event) => onChoose({ layerId: Number(event.target.value) || undefined })}>
          <option value="">{t("map.import.skipGroup")}</option>
          {layers.map((layer) => (
            <option key={layer.id} value={layer.id}>
              {layer.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-template`}>{t("map.import.template")}</label>
        <select id={`${id}-template`} value={choice.templateId ?? ""} disabled={!choice.layerId} onChange={(event) => onChoose({ templateId: Number(event.target.value) || undefined })}>
          <option value="">{t("map.import.noTemplate")}</option>
          {offered.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </div>
      {fillable(template).map((field) => (
        <div className="field" key={field.id}>
          <label htmlFor={`${id}-field-${field.id}`}>{tf("map.import.fieldFrom", { field: field.name })}</label>
          <select id={`${id}-field-${field.id}`} value={choice.mapping[field.id] ?? ""} onChange={(event) => onMap({ ...choice.mapping, [field.id]: event.target.value })}>
            <option value="">{t("map.import.noProperty")}</option>
            {group.properties.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
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
