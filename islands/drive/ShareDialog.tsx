import { mdiContentCopy, mdiLinkOff, mdiShareVariant } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useRef, useState } from "react";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { type FileEntity, shareLink } from "./common";
import { dayOf, endOfDay } from "./share-dates";
import { useDrive } from "./store";

/** Share links' passwords: the server's SHARE_LIMITS.passwordMin. */
const PASSWORD_MIN = 4;

/** The link's settings as the form holds them, starting from what the server answered. */
const fieldsOf = (file: FileEntity) => ({ expires: file.shareExpiresAt ? dayOf(new Date(file.shareExpiresAt)) : "", password: "", noPassword: false });

/**
 * The share dialog: creates the link, shows it with a copy button, sets its end date and password,
 * and withdraws it. Its buttons stay where they are whether the file is shared or not (withdraw and
 * save are disabled until there is a link). A failed call is said in the dialog, what was typed kept.
 */
function ShareForm({ file, close }: { file: FileEntity; close: () => void }) {
  const { t } = useT();
  const store = useDrive();
  const [fields, setFields] = useState(() => fieldsOf(file));
  const [error, setError] = useState("");
  const linkInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const shared = !!file.shareToken;
  const link = file.shareToken ? shareLink(file.shareToken) : "";

  async function run(request: () => Promise<FileEntity>) {
    setError("");
    try {
      setFields(fieldsOf(await request()));
      return true;
    } catch (failure) {
      // Said in the dialog, where the person is looking: a field's own message (translated by the server) when there is one.
      setError((failure instanceof ApiError && failure.details[0]?.message) || errorText(failure));
      if (!(failure instanceof ApiError)) console.error(failure);
      return false;
    }
  }

  const create = async () => {
    if (await run(() => store.setShared([file.id], true))) linkInput.current?.select();
  };

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      snack(t("drive.linkCopied"), "success");
    } catch {
      // No Clipboard API (plain http): the selected link copied the old way, or left selected to copy by hand.
      linkInput.current!.select();
      if (document.execCommand("copy")) snack(t("drive.linkCopied"), "success");
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!shared) return;
    if (fields.password && fields.password.length < PASSWORD_MIN) {
      setError(t("drive.passwordHint"));
      passwordInput.current!.focus();
      return;
    }
    const body = {
      id: file.id,
      expiresAt: fields.expires ? endOfDay(fields.expires) : null,
      ...(fields.password ? { password: fields.password } : fields.noPassword ? { password: null } : {}),
    };
    await run(async () => {
      const saved = await call(server.files["share-options"].post(body));
      store.replace([saved]);
      snack(t("drive.optionsSaved"), "success");
      return saved;
    });
  }

  return (
    <form noValidate onSubmit={save}>
      <p className="share-dialog__name">{file.name}</p>
      <p className="share-dialog__intro">{t("drive.shareIntro")}</p>
      {!shared && (
        <div>
          <button type="button" className="btn" onClick={create}>
            <Icon path={mdiShareVariant} /> {t("drive.createLink")}
          </button>
        </div>
      )}
      {shared && (
        <div className="share-dialog__options">
          <label htmlFor="drive-share-link">{t("drive.link")}</label>
          <div className="share-dialog__link">
            <input id="drive-share-link" ref={linkInput} type="text" readOnly value={link} />
            <button type="button" className="btn" onClick={copy}>
              <Icon path={mdiContentCopy} /> {t("drive.copyLink")}
            </button>
          </div>
          <label htmlFor="drive-share-expires">{t("drive.expires")}</label>
          <input id="drive-share-expires" type="date" min={dayOf(new Date())} aria-describedby="drive-share-expires-hint" value={fields.expires} onChange={(event) => setFields({ ...fields, expires: event.target.value })} />
          <small id="drive-share-expires-hint">{t("drive.expiresHint")}</small>
          <label htmlFor="drive-share-password">{t("drive.password")}</label>
          <input
            id="drive-share-password"
            ref={passwordInput}
            type="password"
            autoComplete="new-password"
            maxLength={128}
            aria-describedby="drive-share-password-hint"
            value={fields.password}
            onChange={(event) => setFields({ ...fields, password: event.target.value })}
          />
          <small id="drive-share-password-hint">{t(file.sharePassword ? "drive.passwordKept" : "drive.passwordHint")}</small>
          {file.sharePassword && (
            <label className="drive__check">
              <input type="checkbox" checked={fields.noPassword} onChange={(event) => setFields({ ...fields, noPassword: event.target.checked })} />
              <span>{t("drive.removePassword")}</span>
            </label>
          )}
        </div>
      )}
      <p className="share-dialog__error" role="alert">
        {error}
      </p>
      <div className="share-dialog__buttons">
        <button type="button" className="btn btn--ghost drive__danger" disabled={!shared} onClick={() => run(() => store.setShared([file.id], false))}>
          <Icon path={mdiLinkOff} /> {t("drive.withdraw")}
        </button>
        <span className="share-dialog__gap" />
        <button type="submit" className="btn" disabled={!shared}>
          {t("drive.saveOptions")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t("common.close")}
        </button>
      </div>
    </form>
  );
}

/** The share dialog while a file's link is being set. */
export function ShareDialog() {
  useSignals();
  const { t } = useT();
  const store = useDrive();
  const file = store.sharing.value;
  if (!file) return null;
  const close = () => store.share(null);
  return (
    <Dialog key={file.id} title={t("drive.shareTitle")} className="share-dialog" onClose={close}>
      <ShareForm file={file} close={close} />
    </Dialog>
  );
}
