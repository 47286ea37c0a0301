/**
 * The shell's search entry, in the rail and in the phone's bottom bar. The rail's copy shows the
 * search sheet (SearchSheet.tsx, its chunk and strings loaded on the first open) at the page's end,
 * since the rail is hidden on phones; Ctrl+S opens it too (islands/shell).
 */
import { type ComponentType, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { mdiMagnify } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { addMessages } from "../lib/i18n";
import { adoptStyles } from "../lib/styles";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { openRequests, openSearch } from "./store";

let sheet: Promise<ComponentType> | undefined;

/** The sheet's module, its styles and its strings (search.*, dataType.*), fetched once; a failure is tried again at the next open. */
function loadSheet(): Promise<ComponentType> {
  sheet ??= Promise.all([
    import("./SearchSheet"),
    import("./sheet.css?inline").then((css) => adoptStyles(css.default)),
    fetch("/search/strings.json", { credentials: "same-origin" })
      .then((response) => response.json())
      .then((strings: Record<string, string>) => addMessages(strings)),
  ]).then(([module]) => module.SearchSheet);
  sheet.catch(() => {
    sheet = undefined;
  });
  return sheet;
}

function SheetHost() {
  useSignals();
  const [Sheet, setSheet] = useState<ComponentType | null>(null);
  const wanted = openRequests.value > 0;
  // Every request while the sheet is not loaded tries again.
  useEffect(() => {
    if (wanted && !Sheet) loadSheet().then((component) => setSheet(() => component), reportFailure);
  }, [openRequests.value, Sheet]);
  return Sheet && createPortal(<Sheet />, document.body);
}

function Entry({ place }: { place: "rail" | "bottom" }) {
  const { t } = useT();
  return (
    <>
      <button type="button" className="search-open" title={t("nav.search")} aria-label={t("nav.search")} aria-haspopup="dialog" onClick={openSearch}>
        <Icon path={mdiMagnify} />
      </button>
      {place === "rail" && <SheetHost />}
    </>
  );
}

export default function SearchButton({ locale, place }: { locale: Locale; place: "rail" | "bottom" }) {
  return (
    <Localized locale={locale}>
      <Entry place={place} />
    </Localized>
  );
}
