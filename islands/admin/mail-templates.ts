import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import type { MessageKey } from "../../locales/en";
import type { MailTemplate as Template } from "../../src/modules/mail/presenter";

/** The mail-template editor: pick a kind, edit its subject and HTML with a live preview, save or go back to the built-in text. */
export function startMailTemplates() {
  const templates: Template[] = JSON.parse(document.getElementById("mt-state")!.textContent!);
  const form = document.getElementById("mt-form") as HTMLFormElement;
  const subject = document.getElementById("mt-subject") as HTMLInputElement;
  const value = document.getElementById("mt-value") as HTMLTextAreaElement;
  const disabled = document.getElementById("mt-disabled") as HTMLInputElement;
  const preview = document.getElementById("mt-preview") as HTMLIFrameElement;
  const kinds = document.getElementById("mt-kinds")!;
  let current = templates[0];

  const show = (template: Template) => {
    current = template;
    document.getElementById("mt-heading")!.textContent = t(`admin.mail.kind.${template.type}` as MessageKey);
    document.getElementById("mt-builtin")!.hidden = template.edited;
    subject.value = template.subject;
    value.value = preview.srcdoc = template.value;
    disabled.checked = template.disabled;
    const list = document.getElementById("mt-placeholders")!;
    list.replaceChildren(...template.placeholders.map((name) => {
      const item = document.createElement("li");
      item.append(Object.assign(document.createElement("code"), { textContent: `{{${name}}}` }));
      return item;
    }));
    document.getElementById("mt-no-placeholders")!.hidden = template.placeholders.length > 0;
    for (const button of kinds.querySelectorAll<HTMLElement>("[data-type]")) {
      const mine = button.dataset.type === template.type;
      if (mine) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
      const shown = templates.find((other) => other.type === button.dataset.type)!;
      button.querySelector<HTMLElement>("[data-badge-off]")!.hidden = !shown.disabled;
      button.querySelector<HTMLElement>("[data-badge-edited]")!.hidden = !shown.edited;
    }
  };
  const replace = (saved: Template) => {
    templates[templates.findIndex((template) => template.type === saved.type)] = saved;
    show(saved);
  };

  kinds.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-type]");
    if (button) show(templates.find((template) => template.type === button.dataset.type)!);
  });
  value.addEventListener("input", () => (preview.srcdoc = value.value));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    submit.disabled = true;
    try {
      replace(await api<Template>("mail-template/save", { body: { type: current.type, subject: subject.value, value: value.value, disabled: disabled.checked } }));
      snack(t("admin.mail.saveSuccessMessage"), "success");
    } catch (error) {
      reportFailure(error, t("admin.mail.saveErrorMessage"));
    } finally {
      submit.disabled = false;
    }
  });

  document.getElementById("mt-reset")!.addEventListener("click", async () => {
    try {
      replace(await api<Template>("mail-template/reset", { method: "POST", query: { type: current.type } }));
      snack(t("admin.mail.resetDone"), "success");
    } catch (error) {
      reportFailure(error);
    }
  });
}
