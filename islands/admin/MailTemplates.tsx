/**
 * The mail-template editor (/admin/mail-templates): pick a kind, edit its subject and HTML with a live
 * preview in a sandboxed frame (sample values in the placeholders), a warning for placeholders the kind does not
 * have, stop the mail, save or go back to the built-in text.
 */
import { type FormEvent, useEffect, useState } from "react";
import type { MessageKey } from "../../locales/en";
import type { Locale } from "../../src/lib/i18n";
import type { MailTemplate } from "../../src/modules/mail/presenter";
import { MAIL_TEMPLATE_LIMITS } from "../../src/modules/mail/kinds";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { previewHtml, unknownPlaceholders } from "./mail-preview";
import "./mail-templates.css";

const fieldsOf = (template: MailTemplate) => ({ subject: template.subject, value: template.value, disabled: template.disabled });

/** The kinds, each with its off and edited badges; the one open is marked current. */
function Kinds({ templates, open, choose }: { templates: MailTemplate[]; open: string; choose: (template: MailTemplate) => void }) {
  const { t } = useT();
  return (
    <nav className="mt__kinds" aria-label={t("admin.mail.kinds")}>
      <ul>
        {templates.map((template) => (
          <li key={template.type}>
            <button type="button" className="mt__kind" aria-current={template.type === open ? "true" : undefined} onClick={() => choose(template)}>
              <span>{t(`admin.mail.kind.${template.type}` as MessageKey)}</span>
              {template.disabled && <span className="badge badge--off">{t("admin.mail.off")}</span>}
              {template.edited && <span className="badge">{t("admin.mail.edited")}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Editor({ initial }: { initial: MailTemplate[] }) {
  const { t, tf } = useT();
  // The server renders the preview with a stand-in address; the browser's own follows once hydrated.
  const [origin, setOrigin] = useState("https://plexus.example");
  useEffect(() => setOrigin(location.origin), []);
  const [templates, setTemplates] = useState(initial);
  const [open, setOpen] = useState(initial[0]!.type);
  const current = templates.find((template) => template.type === open)!;
  const [fields, setFields] = useState(() => fieldsOf(current));
  const [busy, setBusy] = useState(false);

  const show = (template: MailTemplate) => {
    setOpen(template.type);
    setFields(fieldsOf(template));
  };
  const replace = (saved: MailTemplate) => {
    setTemplates((list) => list.map((template) => (template.type === saved.type ? saved : template)));
    show(saved);
  };

  const unknown = unknownPlaceholders([fields.subject, fields.value], current.placeholders);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      replace(await call(server["mail-template"].save.post({ type: current.type, ...fields })));
      snack(t("admin.mail.saveSuccessMessage"), "success");
    } catch (error) {
      reportFailure(error, t("admin.mail.saveErrorMessage"));
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    try {
      replace(await call(server["mail-template"].reset.post({}, { query: { type: current.type } })));
      snack(t("admin.mail.resetDone"), "success");
    } catch (error) {
      reportFailure(error);
    }
  }

  return (
    <div className="mt">
      <Kinds templates={templates} open={open} choose={show} />
      <form className="mt__editor" noValidate onSubmit={save}>
        <h2>{t(`admin.mail.kind.${current.type}` as MessageKey)}</h2>
        {!current.edited && <p className="td-muted">{t("admin.mail.builtInNote")}</p>}
        <div className="field">
          <label htmlFor="mt-subject">{t("admin.mail.subject")}</label>
          <input id="mt-subject" name="subject" maxLength={MAIL_TEMPLATE_LIMITS.subject} autoComplete="off" value={fields.subject} onChange={(event) => setFields({ ...fields, subject: event.target.value })} />
        </div>
        <label className="mt__check">
          <input type="checkbox" name="disabled" checked={fields.disabled} onChange={(event) => setFields({ ...fields, disabled: event.target.checked })} /> {t("admin.mail.disabled")}
        </label>
        <div className="mt__panes">
          <div className="field">
            <label htmlFor="mt-value">{t("admin.mail.body")}</label>
            <textarea
              id="mt-value"
              name="value"
              rows={14}
              maxLength={MAIL_TEMPLATE_LIMITS.value}
              spellCheck={false}
              aria-describedby="mt-sanitised"
              value={fields.value}
              onChange={(event) => setFields({ ...fields, value: event.target.value })}
            />
            <p className="td-muted" id="mt-sanitised">
              {t("admin.mail.sanitisedNote")}
            </p>
            <p className="mt__warning" role="status">
              {unknown.length > 0 && tf("admin.mail.unknownPlaceholders", { names: unknown.map((name) => `{{${name}}}`).join(", ") })}
            </p>
          </div>
          <aside className="mt__placeholders" aria-labelledby="mt-placeholders-title">
            <h3 id="mt-placeholders-title">{t("admin.mail.placeholders")}</h3>
            <p className="td-muted">{t("admin.mail.placeholdersHint")}</p>
            {current.placeholders.length > 0 ? (
              <ul>
                {current.placeholders.map((name) => (
                  <li key={name}>
                    <code>{`{{${name}}}`}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="td-muted">{t("admin.mail.noPlaceholders")}</p>
            )}
          </aside>
        </div>
        <h3>{t("admin.mail.preview")}</h3>
        <p className="td-muted">{t("admin.mail.previewNote")}</p>
        <iframe id="mt-preview" className="mt__preview" sandbox="" title={t("admin.mail.preview")} srcDoc={previewHtml(fields.value, current.placeholders, origin)} />
        <div className="mt__actions">
          <button type="button" className="btn btn--ghost" onClick={reset}>
            {t("admin.mail.reset")}
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {t("admin.mail.save")}
          </button>
        </div>
      </form>
    </div>
  );
}

export default function MailTemplates({ locale, templates }: { locale: Locale; templates: MailTemplate[] }) {
  return (
    <Localized locale={locale}>
      <Editor initial={templates} />
    </Localized>
  );
}
