import { t } from "./i18n";

export type SnackKind = "success" | "info" | "error";

let timer: ReturnType<typeof setTimeout> | undefined;

/** The message snackbar: bottom right, five seconds, with a close button. */
export function snack(message: string, kind: SnackKind = "info") {
  let bar = document.getElementById("snackbar");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "snackbar";
    bar.setAttribute("role", "status");
    bar.setAttribute("aria-live", "polite");
    document.body.append(bar);
  }
  bar.className = `snackbar snackbar--${kind} snackbar--open`;
  bar.replaceChildren();
  const text = document.createElement("span");
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "snackbar__close";
  close.setAttribute("aria-label", t("common.close"));
  close.textContent = "×";
  close.onclick = () => bar!.classList.remove("snackbar--open");
  bar.append(text, close);
  clearTimeout(timer);
  timer = setTimeout(() => bar!.classList.remove("snackbar--open"), 5000);
}
