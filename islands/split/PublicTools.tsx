import { mdiInformationOutline, mdiMagnify, mdiShareVariant } from "@mdi/js";
import { useEffect, useState } from "react";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

interface PublicToolsProps {
  /** What the search box reports: how many hits, or nothing while nothing is searched. */
  count: string;
  search(term: string): void;
  /** Set when the item has a description: the info button shows or hides it. */
  info?: { open: boolean; toggle(): void };
}

/** Copies the page's address; a refused clipboard leaves the address in the bar to copy by hand. */
async function share(copied: string) {
  const address = location.href.split("?")[0]!;
  try {
    await navigator.clipboard.writeText(address);
    snack(copied, "success");
  } catch {
    snack(address);
  }
}

/** The public page's search (after a short pause in typing), share and info buttons. */
export function PublicTools({ count, search, info }: PublicToolsProps) {
  const { t } = useT();
  const [text, setText] = useState("");
  // Server-rendered, the box waits for hydration: typed sooner, its words would not be searched.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    const timer = setTimeout(() => search(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text, search]);
  return (
    <div className="pub__tools">
      <div className="pub__search" role="search">
        <Icon path={mdiMagnify} />
        <label className="visually-hidden" htmlFor="pub-search">
          {t("viewer.public.search")}
        </label>
        <input id="pub-search" type="search" placeholder={t("viewer.public.search")} autoComplete="off" maxLength={255} disabled={!ready} value={text} onChange={(event) => setText(event.target.value)} />
        <output aria-live="polite">{count}</output>
      </div>
      <button type="button" className="docv-icon" title={t("viewer.public.share")} onClick={() => void share(t("viewer.public.copied"))}>
        <Icon path={mdiShareVariant} />
        <span className="visually-hidden">{t("viewer.public.share")}</span>
      </button>
      {info && (
        <button type="button" className="docv-icon" aria-expanded={info.open} aria-controls="pub-description" title={t("viewer.public.info")} onClick={info.toggle}>
          <Icon path={mdiInformationOutline} />
          <span className="visually-hidden">{t("viewer.public.info")}</span>
        </button>
      )}
    </div>
  );
}
