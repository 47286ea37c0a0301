import { useEffect, useRef } from "react";
import type { Locale } from "../../src/lib/i18n";
import { Localized, useT } from "../lib/ui/i18n";

const SEEN_KEY = "plexus.disclaimerSeen";

function Notice() {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  // Shown once per browser: the choice is remembered when the dialog closes.
  useEffect(() => {
    const element = dialog.current!;
    if (localStorage.getItem(SEEN_KEY)) return;
    const seen = () => localStorage.setItem(SEEN_KEY, "1");
    element.addEventListener("close", seen);
    element.showModal();
    return () => element.removeEventListener("close", seen);
  }, []);
  return (
    <dialog id="disclaimer" ref={dialog} aria-labelledby="disclaimer-title">
      <h2 id="disclaimer-title">{t("disclaimer.title")}</h2>
      <p>{t("disclaimer.text")}</p>
      <form method="dialog">
        <button className="btn" value="accepted" autoFocus>
          {t("disclaimer.accept")}
        </button>
      </form>
    </dialog>
  );
}

/** The first-visit notice of a test installation (general settings: SHOW_DISCLAIMER). */
export default function Disclaimer({ locale }: { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Notice />
    </Localized>
  );
}
