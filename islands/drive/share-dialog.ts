import { api, ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { copyText, shareLink, type FileEntity } from "./common";

/** Share links' passwords: the server's SHARE_LIMITS.passwordMin. */
const PASSWORD_MIN = 4;

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** A date input's value (YYYY-MM-DD) for the local day of an instant. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** The end of a chosen local day, as the instant the server keeps. */
function endOfDay(value: string): string {
  const [year, month, day] = value.split("-").map(Number);
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

/**
 * The share dialog: creates the link, shows it with a copy button, sets its end date and password,
 * and withdraws it. Its buttons stay where they are whether the file is shared or not (withdraw and
 * save are disabled until there is a link). `changed` gets every entity the server answers.
 */
export function shareDialog(changed: (file: FileEntity) => void) {
  const dialog = $<HTMLDialogElement>("drive-share");
  const form = $<HTMLFormElement>("drive-share-form");
  const linkInput = $<HTMLInputElement>("drive-share-link");
  const expires = $<HTMLInputElement>("drive-share-expires");
  const password = $<HTMLInputElement>("drive-share-password");
  const noPassword = $<HTMLInputElement>("drive-share-no-password");
  const error = dialog.querySelector<HTMLElement>("[data-share-error]")!;
  const button = (act: string) => dialog.querySelector<HTMLButtonElement>(`[data-share-act="${act}"]`)!;
  let file: FileEntity | undefined;

  function render(current: FileEntity) {
    file = current;
    const shared = !!current.shareToken;
    dialog.querySelector("[data-share-name]")!.textContent = current.name;
    dialog.querySelector<HTMLElement>("[data-share-create]")!.hidden = shared;
    dialog.querySelector<HTMLElement>("[data-share-options]")!.hidden = !shared;
    button("withdraw").disabled = !shared;
    button("save").disabled = !shared;
    linkInput.value = current.shareToken ? shareLink(current.shareToken) : "";
    expires.min = dayOf(new Date());
    expires.value = current.shareExpiresAt ? dayOf(new Date(current.shareExpiresAt)) : "";
    password.value = "";
    noPassword.checked = false;
    dialog.querySelector<HTMLElement>("[data-password-remove]")!.hidden = !current.sharePassword;
    dialog.querySelector("[data-password-hint]")!.textContent = t(current.sharePassword ? "drive.passwordKept" : "drive.passwordHint");
    error.textContent = "";
  }

  async function call(run: () => Promise<FileEntity | FileEntity[]>, success: string) {
    error.textContent = "";
    try {
      const answer = await run();
      const entity = Array.isArray(answer) ? answer[0] : answer;
      changed(entity);
      render(entity);
      snack(success, "success");
      return true;
    } catch (failure) {
      // Said in the dialog, where the person is looking: a field's own message (translated by the server) when there is one.
      error.textContent = (failure instanceof ApiError && failure.details[0]?.message) || errorText(failure);
      if (!(failure instanceof ApiError)) console.error(failure);
      return false;
    }
  }

  dialog.addEventListener("click", async (event) => {
    const act = (event.target as Element).closest<HTMLElement>("[data-share-act]")?.dataset.shareAct;
    if (!file || !act) return;
    const query = { ids: String(file.id) };
    if (act === "close") dialog.close();
    else if (act === "create") {
      if (await call(() => api<FileEntity[]>("files/share", { method: "POST", query }), t("drive.fileShared"))) linkInput.select();
    } else if (act === "withdraw") await call(() => api<FileEntity[]>("files/withdraw", { method: "POST", query }), t("drive.fileNotShared"));
    else if (act === "copy" && linkInput.value) {
      if (await copyText(linkInput.value)) snack(t("drive.linkCopied"), "success");
      else linkInput.select();
    }
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!file?.shareToken) return;
    if (password.value && password.value.length < PASSWORD_MIN) {
      error.textContent = t("drive.passwordHint");
      password.focus();
      return;
    }
    const body = {
      id: file.id,
      expiresAt: expires.value ? endOfDay(expires.value) : null,
      ...(password.value ? { password: password.value } : noPassword.checked ? { password: null } : {}),
    };
    await call(() => api<FileEntity>("files/share-options", { method: "POST", body }), t("drive.optionsSaved"));
  });

  return (current: FileEntity) => {
    render(current);
    dialog.showModal();
    (current.shareToken ? linkInput : button("create")).focus();
  };
}
