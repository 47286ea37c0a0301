import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { locale, t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { email, required, showFieldError, showFormMessage, validateForm } from "../auth/forms";
import { SETTING_NUMBERS, settingNumber, settingValueFits, type SettingKind } from "../../src/modules/settings/kinds";
import type { NumberProblem } from "../../src/lib/numbers";
import { numberInput, numberProblemText } from "../lib/number-input";
import { transportStatus } from "../../src/modules/mail/transport-rule";
import type { MessageKey } from "../../locales/en";
import type { SyncSummary } from "../../src/modules/directory/sync";
import type { DirectoryTransport } from "../../src/modules/directory/config";

type Field = HTMLInputElement;

/** The settings form: checks each value against its kind while typed, saves only what changed, reveals secrets on demand. */
export function startSettings() {
  const form = document.getElementById("settings-form") as HTMLFormElement;
  const fields = [...form.querySelectorAll<Field>("input[name]")];
  const currentValue = (field: Field) => (field.type === "checkbox" ? String(field.checked) : field.value);
  const kindText = (kind: SettingKind) => t(`admin.settings.invalid.${kind}` as MessageKey);
  /** A number setting's refusal: its kind's words for a number out of its range, the number's own reason otherwise ("1.234" in es). */
  const numberText = (kind: keyof typeof SETTING_NUMBERS, problem: NumberProblem) =>
    problem === "not_whole" || problem === "too_small" || problem === "too_large" ? kindText(kind) : numberProblemText(problem);
  const problemOf = (field: Field) => {
    const kind = field.dataset.kind as SettingKind;
    const value = kind === "text" ? field.value : currentValue(field).trim();
    if ((kind === "number" || kind === "port") && value) {
      const read = settingNumber(kind, value, locale());
      return read.ok ? null : numberText(kind, read.problem);
    }
    return settingValueFits(kind, value, field.dataset.schemes?.split(" ").filter(Boolean) || undefined) ? null : kindText(kind);
  };
  for (const field of fields) {
    const kind = field.dataset.kind;
    if ((kind === "number" || kind === "port") && !field.dataset.secured)
      numberInput(field, { ...SETTING_NUMBERS[kind], error: document.getElementById(`setting-${field.name}-error`)!, describe: (problem) => numberText(kind, problem) });
    field.addEventListener("input", () => showFieldError(form, field.name, problemOf(field)));
  }

  form.addEventListener("click", async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-reveal]");
    if (!button) return;
    const field = form.elements.namedItem(button.dataset.reveal!) as Field;
    const shown = button.getAttribute("aria-pressed") === "true";
    if (!shown && field.value === field.dataset.initial) {
      try {
        const revealed = await api<{ body: string }>("settings/reveal", { method: "POST", query: { label: field.name } });
        field.value = field.dataset.initial = revealed.body;
      } catch (error) {
        return reportFailure(error);
      }
    }
    field.type = shown ? "password" : "text";
    button.setAttribute("aria-pressed", String(!shown));
    button.textContent = t(shown ? "admin.settings.show" : "admin.settings.hide");
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const problems = fields.map((field) => [field, problemOf(field)] as const).filter(([, problem]) => problem);
    for (const [field, problem] of problems) showFieldError(form, field.name, problem);
    if (problems.length) return problems[0][0].focus();
    const changed = fields.filter((field) => currentValue(field) !== field.dataset.initial);
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    submit.disabled = true;
    try {
      await api("settings/save-all", { body: changed.map((field) => ({ label: field.name, body: currentValue(field) })) });
      for (const field of changed) field.dataset.initial = currentValue(field);
      snack(t("admin.settings.saved"), "success");
    } catch (error) {
      const details = (error as { details?: { path: string; message: string }[] }).details ?? [];
      for (const detail of details) showFieldError(form, detail.path.replace(/^body\./, ""), detail.message);
      if (!details.length) reportFailure(error);
    } finally {
      submit.disabled = false;
    }
  });

  startTestMail();
  startTransportStatus(form);
  startDirectory();
}

/** The SMTP section's transport line follows the fields as they change; values the environment sets win, as in the mailer. */
function startTransportStatus(form: HTMLFormElement) {
  const box = document.getElementById("mail-transport")!;
  const env = JSON.parse(box.dataset.env ?? "{}") as Partial<Parameters<typeof transportStatus>[0]>;
  const field = (name: string) => form.elements.namedItem(name) as Field;
  const text = (part: string) => box.querySelector<HTMLElement>(`[data-${part}]`)!;
  const update = () => {
    const host = env.host ?? field("SMTP_HOST").value.trim();
    const status = transportStatus({
      host,
      secure: env.secure ?? field("SMTP_SECURE").checked,
      plainOnLoopback: env.plainOnLoopback ?? field("SMTP_PLAIN_ON_LOOPBACK").checked,
      customCa: env.customCa ?? field("SMTP_CA_CERTIFICATE").value.trim() !== "",
    });
    text("transport").textContent = t(`admin.settings.transport.${status.transport}`);
    text("certificate").textContent = t(`admin.settings.certificate.${status.certificate}`);
    text("plain-ignored").textContent = tf("admin.settings.plainIgnored", { host });
    text("plain-ignored").hidden = !status.plainIgnored;
  };
  form.addEventListener("input", update);
}

/** The directory section's buttons: test the saved settings, import now; the answer's counts show below them. */
function startDirectory() {
  const result = document.getElementById("directory-result")!;
  const run = async (button: HTMLButtonElement, call: () => Promise<string>) => {
    button.disabled = true;
    result.textContent = t("admin.directory.running");
    try {
      result.textContent = await call();
    } catch (error) {
      result.textContent = errorText(error);
    } finally {
      button.disabled = false;
    }
  };
  const test = document.getElementById("directory-test") as HTMLButtonElement;
  test.addEventListener("click", () =>
    run(test, async () => {
      const answer = await api<{ found: number; importable: number; transport: DirectoryTransport }>("directory/test", { body: {} });
      return `${tf("admin.directory.testResult", answer)} ${t(`admin.directory.transport.${answer.transport}`)}`;
    }),
  );
  const importNow = document.getElementById("directory-import") as HTMLButtonElement;
  importNow.addEventListener("click", () =>
    run(importNow, async () => {
      const summary = await api<SyncSummary>("directory/import", { method: "POST" });
      const kept = summary.keptLastAdmin ? ` ${tf("admin.directory.keptLastAdmin", { login: summary.keptLastAdmin })}` : "";
      const { found, created, updated, activated, deactivated, skippedCount } = summary;
      return tf("admin.directory.importResult", { found, created, updated, activated, deactivated, skippedCount }) + kept;
    }),
  );
}

/** The test-mail dialog: send stays disabled while the address is empty or malformed. */
function startTestMail() {
  const dialog = document.getElementById("test-mail-dialog") as HTMLDialogElement;
  const form = document.getElementById("test-mail-form") as HTMLFormElement;
  const checks = validateForm(form, { email: [required("admin.settings.emptyEmail"), email("admin.settings.invalidEmail")] });
  document.getElementById("test-mail-open")!.addEventListener("click", () => {
    checks.clear();
    form.querySelector<HTMLElement>("[data-form-message]")!.hidden = true;
    dialog.showModal();
  });
  form.querySelector("[data-close]")!.addEventListener("click", () => dialog.close());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!checks.touchAll()) return;
    const address = checks.values().email.trim();
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    submit.disabled = true;
    try {
      await api("settings/send-test-message", { method: "POST", query: { email: address } });
      dialog.close();
      snack(tf("admin.settings.testMailSent", { email: address }), "success");
    } catch (error) {
      showFormMessage(form, errorText(error));
    } finally {
      submit.disabled = false;
    }
  });
}
