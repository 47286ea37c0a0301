import { useEffect, useRef } from "react";
import { snack } from "../lib/snackbar";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import type { UserRow } from "./user-row";

/** Everything the page knows about a user, in a dialog. */
export function DetailsDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { t } = useT();
  const fields: [string, string][] = [
    [t("admin.users.login"), user.login],
    [t("admin.users.name"), `${user.firstName} ${user.lastName}`],
    [t("admin.users.email"), user.email],
    [t("admin.users.phone"), user.phoneNumber ?? "—"],
    [t("admin.users.position"), user.position ?? "—"],
    [t("admin.users.company"), user.company ?? "—"],
    [t("admin.users.role"), t(`role.${user.role}`)],
  ];
  return (
    <Dialog title={t("admin.users.details")} id="details-dialog" onClose={onClose}>
      <dl className="users-details">
        {fields.map(([term, value]) => (
          <div key={term} className="users-details__pair">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {user.isImportedFromAD && <p className="users-note">{t("admin.users.importedFromAd")}</p>}
      <div className="users-dialog__buttons">
        <button type="button" className="btn" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}

/** A freshly made sign-in link, selected so it can be copied at once. */
export function SignInLinkDialog({ name, url, onClose }: { name: string; url: string; onClose: () => void }) {
  const { t, tf } = useT();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const copy = () => navigator.clipboard.writeText(url).then(() => snack(t("admin.users.copied"), "success"), () => input.current?.select());
  return (
    <Dialog title={t("admin.users.signInLink")} id="link-dialog" onClose={onClose}>
      <p>{tf("admin.users.signInLinkText", { name })}</p>
      <label className="visually-hidden" htmlFor="link-url">
        {t("admin.users.signInLink")}
      </label>
      <input id="link-url" ref={input} readOnly className="users-link" value={url} />
      <div className="users-dialog__buttons">
        <button type="button" className="btn btn--ghost" onClick={copy}>
          {t("admin.users.copy")}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
