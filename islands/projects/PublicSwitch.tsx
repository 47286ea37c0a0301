import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { reloadWith, showFlash } from "../lib/flash";
import { call, server } from "../lib/server";
import { useConfirm } from "../lib/ui/Confirm";
import { Localized, useT } from "../lib/ui/i18n";

interface Props {
  category: { id: number; projectId: number; name: string; type: string | null; isPublic: boolean };
  /** The names of the category's active data items: what switching on makes readable to anyone. */
  items: string[];
}

/** A project administrator's 'Public: readable without signing in' switch; switching on first lists what becomes public. */
function Switch({ category, items }: Props) {
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const [busy, setBusy] = useState(false);
  // The switch reloads the page, which shows the category's new state; this says what changed.
  useEffect(showFlash, []);
  const change = async (isPublic: boolean) => {
    if (isPublic) {
      const text = items.length ? tf("category.public.confirmText", { count: items.length }) : t("category.public.confirmEmpty");
      const yes = await ask({ id: "category-public-confirm", title: t("category.public.confirmTitle"), text, confirm: t("category.public.confirm"), list: items });
      if (!yes) return;
    }
    setBusy(true);
    try {
      await call(server.category.save.post({ id: category.id, name: category.name, type: category.type, isPublic, project: { id: category.projectId } }));
      reloadWith(t(isPublic ? "category.public.on" : "category.public.off"));
    } catch (failure) {
      setBusy(false);
      reportFailure(failure);
    }
  };
  return (
    <div className="public-switch">
      <input id="category-public" type="checkbox" role="switch" checked={category.isPublic} disabled={busy} onChange={(event) => void change(event.target.checked)} />
      <label htmlFor="category-public">{t("category.public.switch")}</label>
      {question}
    </div>
  );
}

export default function PublicSwitch({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Switch {...props} />
    </Localized>
  );
}
