import { useEffect, useId, useRef, useState } from "react";
import { CALC_LIMITS, type CalcProp, propProblem, readProps } from "../../src/modules/calc/limits";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { formatNumber } from "../../src/lib/numbers";
import { useT } from "../lib/ui/i18n";
import { readNumber } from "../lib/ui/NumberField";
import { type EditedProp, PropRow } from "./PropRow";

interface Props {
  dataId: number;
  saved: CalcProp[];
  /** The script to save: the editor's text when it is open. */
  scriptText: () => string;
  onEdit: () => void;
  onSaved: (props: CalcProp[]) => void;
}

let made = 0;
const edited = (props: CalcProp[], locale: string): EditedProp[] =>
  props.map(({ variable, name, value, unit }) => ({ variable, name, key: ++made, defaultText: value === undefined ? "" : formatNumber(value, locale, { grouping: false }), unit: unit ?? "" }));
/** Where the focus goes after the next render: a row's field, or the first field (else Add input). */
type Focus = { key: number; field: "variable" | "name" | "default" } | "first";

/** The inputs' editor (moderators): one row per input, Add input, and Save for the script and the inputs. */
export function PropsEditor({ dataId, saved, scriptText, onEdit, onSaved }: Props) {
  const { t, locale } = useT();
  const id = useId();
  const [rows, setRows] = useState(() => edited(saved, locale));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState("");
  const fields = useRef(new Map<string, HTMLInputElement | null>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focus = useRef<Focus>(undefined);
  const problems = rows.map((prop, index) => propProblem({ variable: prop.variable, name: prop.name.trim(), unit: prop.unit.trim() }, index, rows));

  useEffect(() => {
    const target = focus.current;
    focus.current = undefined;
    if (target === "first") (rows[0] ? fields.current.get(`${rows[0].key}-variable`) : addButton.current)?.focus();
    else if (target) fields.current.get(`${target.key}-${target.field}`)?.focus();
  });

  const change = (next: EditedProp[]) => {
    setRows(next);
    onEdit();
  };
  const add = () => {
    const row = edited([{ variable: "", name: "" }], locale)[0]!;
    focus.current = { key: row.key, field: "variable" };
    change([...rows, row]);
  };
  const remove = (index: number) => {
    focus.current = "first";
    change(rows.filter((_, i) => i !== index));
  };

  const save = async () => {
    setSaveError("");
    setChecked(true);
    const wrong = problems.findIndex(Boolean);
    if (wrong >= 0) return fields.current.get(`${rows[wrong]!.key}-${problems[wrong] === "calc.nameRequired" ? "name" : "variable"}`)?.focus();
    const defaults = rows.map((p) => readNumber(p.defaultText, locale));
    const unread = defaults.findIndex((read) => "problem" in read);
    if (unread >= 0) return fields.current.get(`${rows[unread]!.key}-default`)?.focus();
    setSaving(true);
    try {
      const list: CalcProp[] = rows.map((p, i) => {
        const value = (defaults[i] as { value: number | null }).value;
        return { variable: p.variable, name: p.name.trim(), ...(value === null ? {} : { value }), ...(p.unit.trim() ? { unit: p.unit.trim() } : {}) };
      });
      const item = await call(server.calc.save.post({ id: dataId, script: scriptText(), props: JSON.stringify(list) }));
      const now = readProps(item.props);
      setRows(edited(now, locale));
      setChecked(false);
      onSaved(now);
      snack(t("calc.saved"));
    } catch (error) {
      setSaveError(errorText(error));
      if (!(error instanceof ApiError)) reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <fieldset className="cv__props">
        <legend>{t("calc.props")}</legend>
        <ul className="cv__prop-list">
          {rows.map((prop, index) => (
            <PropRow
              key={prop.key}
              id={`${id}-p${prop.key}`}
              index={index}
              prop={prop}
              problem={checked ? problems[index] : undefined}
              checked={checked}
              onChange={(next) => change(rows.map((row) => (row.key === next.key ? next : row)))}
              onRemove={() => remove(index)}
              variableRef={(input) => void fields.current.set(`${prop.key}-variable`, input)}
              nameRef={(input) => void fields.current.set(`${prop.key}-name`, input)}
              defaultRef={(input) => void fields.current.set(`${prop.key}-default`, input)}
            />
          ))}
        </ul>
        <button type="button" className="btn btn--ghost" ref={addButton} disabled={rows.length >= CALC_LIMITS.props} onClick={add}>
          {t("calc.addProp")}
        </button>
      </fieldset>
      <p className="form-error" role="alert" hidden={!saveError}>
        {saveError}
      </p>
      <div className="cv__save">
        <button type="button" className="btn" disabled={saving} onClick={save}>
          {t("calc.save")}
        </button>
      </div>
    </>
  );
}
