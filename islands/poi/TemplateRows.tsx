import { mdiArrowDown, mdiArrowUp, mdiDelete } from "@mdi/js";
import { useId } from "react";
import type { MessageKey } from "../../locales/en";
import { FIELD_TYPES, predicatesFor } from "../../src/modules/poi/rules/kinds";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { Style } from "./StyleDialog";
import { type DraftField, type DraftRule, TAKES_OPTIONS } from "./template-draft";

/** A choice of style, or none ('—'). */
export function StyleSelect({ id, styles, value, disabled, onChange }: { id: string; styles: Style[]; value?: number; disabled?: boolean; onChange: (styleId: number | undefined) => void }) {
  return (
    <select id={id} value={value ?? ""} disabled={disabled} onChange={(e) => onChange(Number(e.target.value) || undefined)}>
      <option value="">—</option>
      {styles.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}

/** Move up, Move down and Remove for a row called `what`. */
function RowButtons({ what, move, remove }: { what: string; move: (by: -1 | 1) => void; remove: () => void }) {
  const { t } = useT();
  return (
    <span className="poi-row__buttons">
      <button type="button" className="btn btn--ghost" aria-label={`${t("poi.templates.moveUp")}: ${what}`} onClick={() => move(-1)}>
        <Icon path={mdiArrowUp} />
      </button>
      <button type="button" className="btn btn--ghost" aria-label={`${t("poi.templates.moveDown")}: ${what}`} onClick={() => move(1)}>
        <Icon path={mdiArrowDown} />
      </button>
      <button type="button" className="btn btn--ghost" aria-label={`${t("poi.templates.remove")}: ${what}`} onClick={remove}>
        <Icon path={mdiDelete} />
      </button>
    </span>
  );
}

/** One field: name, type, options where the type takes them, and its four switches (part of the name for text fields only). */
export function FieldRow({ field, number, change, move, remove }: { field: DraftField; number: number; change: (patch: Partial<DraftField>) => void; move: (by: -1 | 1) => void; remove: () => void }) {
  const { t } = useT();
  const id = useId();
  const what = field.name || `${t("poi.templates.field")} ${number}`;
  const check = (key: "required" | "partOfName" | "showOnMap" | "excludeFromTableView") => (
    <label className="poi-row__check">
      <input type="checkbox" checked={field[key]} disabled={key === "partOfName" && field.type !== "STRING"} onChange={(e) => change({ [key]: e.target.checked })} />
      {t(`poi.templates.${key}` as MessageKey)}
    </label>
  );
  return (
    <li className="poi-row">
      <label htmlFor={`${id}-name`}>{t("poi.templates.fieldName")}</label>
      <input id={`${id}-name`} required value={field.name} onChange={(e) => change({ name: e.target.value })} />
      <label htmlFor={`${id}-type`}>{t("poi.templates.fieldType")}</label>
      <select id={`${id}-type`} value={field.type} onChange={(e) => change({ type: e.target.value as DraftField["type"], partOfName: e.target.value === "STRING" && field.partOfName })}>
        {FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`poi.fieldType.${type}` as MessageKey)}
          </option>
        ))}
      </select>
      {TAKES_OPTIONS.includes(field.type) && (
        <>
          <label htmlFor={`${id}-options`}>{t(`poi.templates.options.${field.type}` as MessageKey)}</label>
          <input id={`${id}-options`} value={field.options} onChange={(e) => change({ options: e.target.value })} />
        </>
      )}
      <span className="poi-row__checks">
        {check("required")}
        {check("partOfName")}
        {check("showOnMap")}
        {check("excludeFromTableView")}
      </span>
      <RowButtons what={what} move={move} remove={remove} />
    </li>
  );
}

/** One style rule: field, condition (by the field's type), value and style; its title reads the rule or 'rule not set'. */
export function RuleRow({ rule, fields, styles, change, move, remove }: { rule: DraftRule; fields: DraftField[]; styles: Style[]; change: (patch: Partial<DraftRule>) => void; move: (by: -1 | 1) => void; remove: () => void }) {
  const { t } = useT();
  const id = useId();
  const field = fields.find((f) => f.key === rule.fieldKey);
  const style = styles.find((s) => s.id === rule.styleId);
  const title = field && rule.predicate && style ? `${field.name} ${t(`poi.predicate.${rule.predicate}` as MessageKey)} ${rule.thresholdValue} = ${style.name}` : t("poi.templates.ruleNotSet");
  return (
    <li className="poi-row">
      <span className="poi-row__title">{title}</span>
      <label htmlFor={`${id}-field`}>{t("poi.templates.ruleField")}</label>
      {/* A new field clears the condition, the value and the style. */}
      <select id={`${id}-field`} value={rule.fieldKey ?? ""} onChange={(e) => change({ fieldKey: Number(e.target.value) || undefined, predicate: undefined, thresholdValue: "", styleId: undefined })}>
        <option value="">—</option>
        {fields.filter((f) => f.name.trim()).map((f) => (
          <option key={f.key} value={f.key}>
            {f.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-predicate`}>{t("poi.templates.condition")}</label>
      <select id={`${id}-predicate`} value={rule.predicate ?? ""} disabled={!field} onChange={(e) => change({ predicate: (e.target.value || undefined) as DraftRule["predicate"] })}>
        <option value="">—</option>
        {field &&
          predicatesFor(field.type).map((p) => (
            <option key={p} value={p}>
              {t(`poi.predicate.${p}` as MessageKey)}
            </option>
          ))}
      </select>
      <label htmlFor={`${id}-value`}>{t("poi.templates.threshold")}</label>
      <input id={`${id}-value`} value={rule.thresholdValue} disabled={!field} onChange={(e) => change({ thresholdValue: e.target.value })} />
      <label htmlFor={`${id}-style`}>{t("poi.templates.ruleStyle")}</label>
      <StyleSelect id={`${id}-style`} styles={styles} value={rule.styleId} disabled={!field} onChange={(styleId) => change({ styleId })} />
      <RowButtons what={title} move={move} remove={remove} />
    </li>
  );
}
