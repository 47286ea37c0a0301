import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { javascriptLanguage } from "@codemirror/lang-javascript";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { type RefObject, useEffect, useRef } from "react";

/** What the calculation view asks of the editor while it is open. */
export interface ScriptEditor {
  text(): string;
  /** Selects a line (where an error was) and scrolls it into view; the focus stays where it is. */
  goToLine(line: number): void;
}

interface Props {
  doc: string;
  label: string;
  onChange: () => void;
  control: RefObject<ScriptEditor | null>;
}

/**
 * CodeMirror 6 (loaded only when a moderator asks to edit) with JavaScript highlighting (the language
 * alone: no completion, whose module would add its weight), line numbers and undo. Tab is left to move
 * the focus on (no indentWithTab), so a keyboard user is never trapped in the editor. It owns its
 * element, takes the focus when it opens, and is destroyed on unmount.
 */
export function CodeEditor({ doc, label, onChange, control }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Made once: the text then lives in CodeMirror.
  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          history(),
          bracketMatching(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          javascriptLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current();
          }),
        ],
      }),
    });
    control.current = {
      text: () => view.state.doc.toString(),
      goToLine(line) {
        const target = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
        view.dispatch({ selection: { anchor: target.from, head: target.to }, scrollIntoView: true });
      },
    };
    view.focus();
    return () => {
      control.current = null;
      view.destroy();
    };
  }, []);
  return <div className="cv__editor" ref={host} />;
}
