import { type ComponentType, type RefObject, useId, useState } from "react";
import { reportFailure } from "../lib/failures";
import { useT } from "../lib/ui/i18n";
import type { CodeEditor, ScriptEditor } from "./editor";

interface Props {
  script: string;
  editable: boolean;
  control: RefObject<ScriptEditor | null>;
  onChange: () => void;
}

/** The script as text; a moderator's Edit script turns it into CodeMirror, loaded only then. */
export function ScriptSection({ script, editable, control, onChange }: Props) {
  const { t } = useT();
  const titleId = useId();
  const [Editor, setEditor] = useState<ComponentType<Parameters<typeof CodeEditor>[0]>>();
  const [loading, setLoading] = useState(false);

  // CodeMirror (about 120 KB gzipped) loads when asked for, so opening the page stays within its budget.
  const edit = async () => {
    setLoading(true);
    try {
      const { CodeEditor } = await import("./editor");
      setEditor(() => CodeEditor);
    } catch (error) {
      setLoading(false);
      reportFailure(error);
    }
  };

  return (
    <section className="cv__script" aria-labelledby={titleId}>
      <h3 id={titleId}>{t("calc.script")}</h3>
      <p className="cv__hint">{t("calc.scriptHint")}</p>
      {Editor ? (
        <Editor doc={script} label={t("calc.script")} onChange={onChange} control={control} />
      ) : (
        <pre className="cv__code" tabIndex={0} aria-labelledby={titleId}>
          {script}
        </pre>
      )}
      {editable && !Editor && (
        <button type="button" className="btn btn--ghost" disabled={loading} onClick={edit}>
          {t("calc.editScript")}
        </button>
      )}
    </section>
  );
}
