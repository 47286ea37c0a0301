import { useRef, useState } from "react";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useConfirm } from "../lib/ui/Confirm";
import { useT } from "../lib/ui/i18n";
import type { UserRow } from "./user-row";

interface Props {
  user: UserRow;
  active: boolean;
  onActiveChange: (active: boolean) => void;
  onDetails: () => void;
  onSignInLink: (url: string) => void;
}

/** A row's buttons: details for everyone; activation and a sign-in link for users this administrator outranks. */
export function UserActions({ user, active, onActiveChange, onDetails, onSignInLink }: Props) {
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const name = `${user.firstName} ${user.lastName}`;

  async function toggleActive() {
    const activate = !active;
    const confirmed = activate || (await ask({ id: "deactivate-dialog", title: t("admin.users.confirmTitle"), text: tf("admin.users.confirmDeactivate", { name }), confirm: t("admin.users.deactivate") }));
    if (!confirmed) return toggle.current?.focus();
    setBusy(true);
    try {
      await call(server.users[activate ? "activate" : "deactivate"].post({}, { query: { id: user.id } }));
      onActiveChange(activate);
      snack(t(activate ? "admin.users.userActivated" : "admin.users.userDeactivated"), "success");
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      toggle.current?.focus();
    }
  }

  // A single-use sign-in link for a user who cannot get mail: shown once, to be passed on privately.
  async function signInLink() {
    try {
      onSignInLink((await call(server.users["generate-token"].post({}, { query: { userId: user.id } }))).url);
    } catch (error) {
      reportFailure(error);
    }
  }

  return (
    <td className="users-actions">
      <button type="button" className="btn btn--ghost" onClick={onDetails}>
        {t("admin.users.details")}
      </button>
      {user.manageable && (
        <>
          <button type="button" className="btn btn--ghost" ref={toggle} disabled={busy} onClick={toggleActive}>
            {active ? t("admin.users.deactivate") : t("admin.users.activate")}
          </button>
          <button type="button" className="btn btn--ghost" onClick={signInLink}>
            {t("admin.users.signInLink")}
          </button>
        </>
      )}
      {question}
    </td>
  );
}
