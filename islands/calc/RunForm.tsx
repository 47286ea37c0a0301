import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { formatNumber } from "../../src/lib/numbers";
import type { CalcProp } from "../../src/modules/calc/limits";
import type { CalcResult } from "../../src/modules/calc/presenter";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import { NumberField, readNumber } from "../lib/ui/NumberField";
import { CalcResultView } from "./CalcResultView";
import type { ScriptEditor } from "./editor";

interface Props {
  dataId: number;
  props: CalcProp[];
  /** True while the script or the inputs have unsaved changes: Calculate runs the saved ones. */
  dirty: () => boolean;
  editor: RefObject<ScriptEditor | null>;
}

type Output = { running: true } | { error: string } | { result: CalcResult } | undefined;

/** Each input's saved default as the page's locale writes it, where the input has one and nothing is typed yet. */
const withDefaults = (texts: Record<string, string>, props: CalcProp[], locale: string) => {
  const next = { ...texts };
  for (const prop of props) if (next[prop.variable] === undefined && prop.value !== undefined) next[prop.variable] = formatNumber(prop.value, locale, { grouping: false });
  return next;
};

/** One number field per input (starting with its saved default, labelled with its unit), Calculate, and the result or the failure (with its line). */
export function RunForm({ dataId, props, dirty, editor }: Props) {
  const { t, tf, locale } = useT();
  const id = useId();
  const [texts, setTexts] = useState<Record<string, string>>(() => withDefaults({}, props, locale));
  // Inputs a moderator has just saved start with their defaults too.
  useEffect(() => setTexts((all) => withDefaults(all, props, locale)), [props, locale]);
  const [checked, setChecked] = useState(false);
  const [output, setOutput] = useState<Output>();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const resultTitle = `${id}-result`;

  const failed = (error: unknown) => {
    const detail = error instanceof ApiError ? (error.details[0] as { message?: string; line?: number } | undefined) : undefined;
    if (!(error instanceof ApiError && error.code === "calc_failed" && detail?.message)) return setOutput({ error: errorText(error) });
    setOutput({ error: detail.line ? tf("calc.errorAt", { line: detail.line, message: detail.message }) : detail.message });
    if (detail.line) editor.current?.goToLine(detail.line);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const values = props.map((prop) => readNumber(texts[prop.variable] ?? "", locale, { required: true }));
    const wrong = values.findIndex((read) => !("value" in read));
    if (wrong >= 0) {
      inputs.current[wrong]?.focus();
      return setOutput({ error: tf("calc.enterNumber", { name: props[wrong]!.name || props[wrong]!.variable }) });
    }
    if (dirty()) snack(t("calc.unsaved"));
    setOutput({ running: true });
    try {
      const body = props.map((prop, i) => ({ variable: prop.variable, name: prop.name, value: (values[i] as { value: number }).value }));
      // The answer's schema does not tie `result` to `kind`; the presenter's type does.
      setOutput({ result: (await call(server.calc.invoke.post(body, { query: { id: dataId } }))) as CalcResult });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <>
      <form className="cv__run" noValidate onSubmit={submit}>
        <div className="cv__fields">
          {props.length ? (
            props.map((prop, index) => (
              <NumberField
                key={prop.variable}
                id={`${id}-v${index}`}
                name={prop.variable}
                label={prop.unit ? tf("calc.withUnit", { name: prop.name, unit: prop.unit }) : prop.name}
                required
                checked={checked}
                value={texts[prop.variable] ?? ""}
                onChange={(text) => setTexts((all) => ({ ...all, [prop.variable]: text }))}
                inputRef={(input) => void (inputs.current[index] = input)}
              />
            ))
          ) : (
            <p className="cv__hint">{t("calc.noInputs")}</p>
          )}
        </div>
        <button type="submit" className="btn" disabled={output !== undefined && "running" in output}>
          {t("calc.calculate")}
        </button>
      </form>
      <section className="cv__result" aria-labelledby={resultTitle}>
        <h3 id={resultTitle}>{t("calc.result")}</h3>
        <div className="cv__output" aria-live="polite">
          {output && "running" in output && <p className="cv__hint">{t("calc.running")}</p>}
          {output && "error" in output && (
            <p className="form-error cv__error" role="alert">
              {output.error}
            </p>
          )}
          {output && "result" in output && <CalcResultView result={output.result} locale={locale} />}
        </div>
      </section>
    </>
  );
}
