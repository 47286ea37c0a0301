import type { Ref } from "react";
import { CALC_LIMITS, type CalcProp } from "../../src/modules/calc/limits";
import { useT } from "../lib/ui/i18n";
import { NumberField } from "../lib/ui/NumberField";

export interface EditedProp extends Omit<CalcProp, "value" | "unit"> {
  /** React's key for the row: rows are added and removed anywhere. */
  key: number;
  /** The default number as typed, read in the page's locale on save. */
  defaultText: string;
  unit: string;
}

interface Props {
  id: string;
  index: number;
  prop: EditedProp;
  /** A locales key under calc., once the inputs were checked. */
  problem: string | undefined;
  checked: boolean;
  onChange: (prop: EditedProp) => void;
  onRemove: () => void;
  variableRef: Ref<HTMLInputElement>;
  nameRef: Ref<HTMLInputElement>;
  defaultRef: Ref<HTMLInputElement>;
}

/** One row of the inputs' editor: variable, label, default number and unit, each with its label, and the row's own error. */
export function PropRow({ id, index, prop, problem, checked, onChange, onRemove, variableRef, nameRef, defaultRef }: Props) {
  const { t, tf } = useT();
  const remove = tf("calc.removeProp", { name: prop.name || prop.variable || String(index + 1) });
  const field = (name: "variable" | "name" | "unit", label: string, ref?: Ref<HTMLInputElement>) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        ref={ref}
        id={`${id}-${name}`}
        value={prop[name]}
        maxLength={name === "variable" ? CALC_LIMITS.variable : name === "unit" ? CALC_LIMITS.unit : CALC_LIMITS.propName}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-error`}
        aria-invalid={checked ? Boolean(problem) : undefined}
        onChange={(event) => onChange({ ...prop, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <li className="cv__prop">
      {field("variable", t("calc.variable"), variableRef)}
      {field("name", t("calc.propName"), nameRef)}
      <NumberField id={`${id}-default`} label={t("calc.propDefault")} value={prop.defaultText} checked={checked} inputRef={defaultRef} onChange={(defaultText) => onChange({ ...prop, defaultText })} />
      {field("unit", t("calc.propUnit"))}
      <button type="button" className="dl-icon cv__remove" aria-label={remove} title={remove} onClick={onRemove}>
        ×
      </button>
      <span className="field__error" id={`${id}-error`} aria-live="polite">
        {problem ? t(problem as Parameters<typeof t>[0]) : ""}
      </span>
    </li>
  );
}
