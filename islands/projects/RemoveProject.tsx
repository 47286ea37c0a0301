import { mdiDelete } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { useConfirm } from "../lib/ui/Confirm";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";

/** The dashboard's Delete project (administrators): asks, removes, goes home. */
function Remove({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!(await ask({ title: t("project.confirmTitle"), text: tf("project.removeConfirm", { name: projectName }), confirm: t("project.delete") }))) return;
    setBusy(true);
    try {
      await call(server.project.remove.get({ query: { id: projectId } }));
      location.assign("/");
    } catch (error) {
      setBusy(false);
      reportFailure(error, t("project.errorWritingData"));
    }
  };
  return (
    <>
      <button type="button" className="btn btn--danger" disabled={busy} onClick={remove}>
        <Icon path={mdiDelete} />
        {t("project.remove")}
      </button>
      {question}
    </>
  );
}

export default function RemoveProject({ locale, ...props }: { locale: Locale; projectId: number; projectName: string }) {
  return (
    <Localized locale={locale}>
      <Remove {...props} />
    </Localized>
  );
}
