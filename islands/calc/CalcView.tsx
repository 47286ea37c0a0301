import { useRef, useState } from "react";
import { type CalcProp, readProps } from "../../src/modules/calc/limits";
import type { ScriptEditor } from "./editor";
import { PropsEditor } from "./PropsEditor";
import { RunForm } from "./RunForm";
import { ScriptSection } from "./ScriptSection";

export interface CalcViewProps {
  dataId: number;
  script: string;
  /** The stored inputs, as JSON text. */
  props: string | null;
  canModerate: boolean;
  /** Widgets, split screen, report blocks: the fields, Calculate and the result only. */
  compact: boolean;
}

/**
 * The calculation view (spec 2, "Calculation view"): the script, the inputs' editor (moderators), one
 * labelled number field per input, Calculate, and the result as sanitised HTML, a table or text; a
 * failure says its line.
 */
export function CalcView({ dataId, script, props: stored, canModerate, compact }: CalcViewProps) {
  const [props, setProps] = useState<CalcProp[]>(() => readProps(stored));
  const editor = useRef<ScriptEditor | null>(null);
  const dirty = useRef(false);
  const editable = canModerate && !compact;
  const edited = () => void (dirty.current = true);
  return (
    <div className={`cv${compact ? " cv--compact" : ""}`}>
      {!compact && <ScriptSection script={script} editable={editable} control={editor} onChange={edited} />}
      {editable && (
        <PropsEditor
          dataId={dataId}
          saved={props}
          scriptText={() => editor.current?.text() ?? script}
          onEdit={edited}
          onSaved={(saved) => {
            dirty.current = false;
            setProps(saved);
          }}
        />
      )}
      <RunForm dataId={dataId} props={props} dirty={() => dirty.current} editor={editor} />
    </div>
  );
}
