import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { javascriptLanguage } from "@codemirror/lang-javascript";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";

/** A script editor (the calculation view loads this module only for those who may edit). */
export interface ScriptEditor {
  text(): string;
  /** Selects a line (where an error was) and scrolls it into view; the focus stays where it is. */
  goToLine(line: number): void;
  destroy(): void;
}

/**
 * CodeMirror 6 with JavaScript highlighting (the language alone: no completion, whose module would add
 * its weight), line numbers and undo. Tab is left to move the focus on (no indentWithTab), so a keyboard
 * user is never trapped in the editor.
 */
export function createEditor(parent: HTMLElement, doc: string, label: string, onChange: () => void): ScriptEditor {
  const view = new EditorView({
    parent,
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
          if (update.docChanged) onChange();
        }),
      ],
    }),
  });
  return {
    text: () => view.state.doc.toString(),
    goToLine(line) {
      const target = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
      view.dispatch({ selection: { anchor: target.from, head: target.to }, scrollIntoView: true });
    },
    destroy: () => view.destroy(),
  };
}
