import { mdiLinkVariant } from "@mdi/js";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";

/** 'Copy public link' of an item in a public category; where the clipboard refuses, the link shows selected to copy by hand. */
function CopyLink({ id, name }: { id: number; name: string }) {
  const { t, tf } = useT();
  const [shown, setShown] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (shown) field.current?.select();
  }, [shown]);
  const copy = async () => {
    const link = new URL(`/public-data/${id}`, location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      snack(t("category.public.linkCopied"), "success");
    } catch {
      setShown(link);
    }
  };
  const label = tf("category.public.linkOf", { name });
  return (
    <span className="public-link">
      <button type="button" className="icon-btn icon-btn--small" aria-label={`${t("category.public.copyLink")}: ${name}`} title={t("category.public.copyLink")} onClick={() => void copy()}>
        <Icon path={mdiLinkVariant} />
      </button>
      {shown && <input ref={field} className="public-link__field" type="text" readOnly value={shown} aria-label={label} />}
    </span>
  );
}

export default function CopyPublicLink({ locale, ...props }: { locale: Locale; id: number; name: string }) {
  return (
    <Localized locale={locale}>
      <CopyLink {...props} />
    </Localized>
  );
}
