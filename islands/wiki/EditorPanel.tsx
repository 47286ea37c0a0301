/** Where the editor opens, in place of the page's own content (wiki.css hides it meanwhile); its code comes on the first Edit or New. */
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { Localized } from "../lib/ui/i18n";
import type { WritableSpace } from "./editor";
import { closeEditor, editing } from "./store";

type EditorComponent = typeof import("./editor").default;

interface Props {
  /** Where a new top-level article may go. */
  spaces: WritableSpace[];
}

function Panel({ spaces }: Props) {
  useSignals();
  const target = editing.value;
  const [Editor, setEditor] = useState<EditorComponent>();
  useEffect(() => {
    if (!target || Editor) return;
    import("./editor").then(
      (module) => setEditor(() => module.default),
      (error) => {
        reportFailure(error);
        closeEditor();
      },
    );
  }, [target, Editor]);
  return target && Editor ? <Editor key={JSON.stringify(target)} target={target} spaces={spaces} /> : null;
}

export default function EditorPanel({ locale, spaces }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Panel spaces={spaces} />
    </Localized>
  );
}
