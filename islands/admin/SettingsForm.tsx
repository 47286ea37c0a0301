/**
 * The settings form (/admin/settings): the sections SMTP, app, notifications, GIS, Active Directory and
 * FTP. Each value is checked against its kind while typed and again by the server; only what changed is
 * saved; secured values come empty and are fetched one at a time by Show.
 */
import { type FormEvent, useRef, useState } from "react";
import type { MessageKey } from "../../locales/en";
import type { Locale } from "../../src/lib/i18n";
import { transportStatus } from "../../src/modules/mail/transport-rule";
import { ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import { DirectoryActions } from "./DirectoryActions";
import { SettingField } from "./SettingField";
import { type SettingRow, settingProblem } from "./setting-checks";
import { TestMailDialog } from "./TestMailDialog";
import "./settings.css";

type Values = Record<string, string>;

/** What the environment sets for the mailer: it wins over the fields, as in the mailer. */
type EnvTransport = Partial<Parameters<typeof transportStatus>[0]>;

interface Props {
  sections: { type: string; rows: SettingRow[] }[];
  /** Each setting's name in the page's language. */
  labels: Record<string, string>;
  /** SMTP comes from the environment (the fields are overridden). */
  envSmtp: boolean;
  envTransport: EnvTransport;
}

/** The SMTP section's transport line, following the fields as they change. */
function Transport({ values, env }: { values: Values; env: EnvTransport }) {
  const { t, tf } = useT();
  const host = env.host ?? (values.SMTP_HOST ?? "").trim();
  const status = transportStatus({
    host,
    secure: env.secure ?? values.SMTP_SECURE === "true",
    plainOnLoopback: env.plainOnLoopback ?? values.SMTP_PLAIN_ON_LOOPBACK === "true",
    customCa: env.customCa ?? (values.SMTP_CA_CERTIFICATE ?? "").trim() !== "",
  });
  return (
    <div id="mail-transport" className="settings__transport" role="status">
      <p>{t(`admin.settings.transport.${status.transport}`)}</p>
      <p>{t(`admin.settings.certificate.${status.certificate}`)}</p>
      {status.plainIgnored && <p>{tf("admin.settings.plainIgnored", { host })}</p>}
    </div>
  );
}

function Settings({ sections, labels, envSmtp, envTransport }: Props) {
  const strings = useT();
  const { t } = strings;
  const rows = sections.flatMap((section) => section.rows);
  const [saved, setSaved] = useState<Values>(() => Object.fromEntries(rows.map((row) => [row.label, row.body])));
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const change = (row: SettingRow, value: string) => {
    setValues((all) => ({ ...all, [row.label]: value }));
    setErrors((all) => ({ ...all, [row.label]: settingProblem(strings, row, value) }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = Object.fromEntries(rows.map((row) => [row.label, settingProblem(strings, row, values[row.label]!)]));
    setErrors(found);
    const first = rows.find((row) => found[row.label]);
    if (first) return inputs.current.get(first.label)?.focus();
    const changed = rows.filter((row) => values[row.label] !== saved[row.label]).map((row) => ({ label: row.label, body: values[row.label]! }));
    setBusy(true);
    try {
      await call(server.settings["save-all"].post(changed));
      setSaved(values);
      snack(t("admin.settings.saved"), "success");
    } catch (error) {
      const details = error instanceof ApiError ? error.details : [];
      setErrors((all) => ({ ...all, ...Object.fromEntries(details.map((detail) => [detail.path.replace(/^body\./, ""), detail.message])) }));
      if (!details.length) reportFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="settings" noValidate onSubmit={save}>
        {sections.map(({ type, rows }) => (
          <fieldset key={type} className="settings__section">
            <legend>{t(`admin.settings.section.${type}` as MessageKey)}</legend>
            {type === "MAIL" && envSmtp && <p className="td-muted">{t("admin.settings.envOverride")}</p>}
            {type === "FTP" && (
              <p id="ftp-transport" className={saved.FTP_PLAIN === "true" ? "settings__warning" : "td-muted"}>
                {t(saved.FTP_PLAIN === "true" ? "admin.settings.ftpTransportPlain" : "admin.settings.ftpTransportFtps")}
              </p>
            )}
            {rows.map((row) => (
              <SettingField
                key={row.label}
                row={row}
                label={labels[row.label] ?? row.label}
                value={values[row.label]!}
                saved={saved[row.label]!}
                inputRef={(input) => void (input ? inputs.current.set(row.label, input) : inputs.current.delete(row.label))}
                error={errors[row.label] ?? null}
                onChange={(value) => change(row, value)}
                onRevealed={(value) => {
                  setSaved((all) => ({ ...all, [row.label]: value }));
                  setValues((all) => ({ ...all, [row.label]: value }));
                }}
              />
            ))}
            {type === "MAIL" && (
              <>
                <Transport values={values} env={envTransport} />
                <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => setTesting(true)}>
                  {t("admin.settings.testMail")}
                </button>
              </>
            )}
            {type === "ACTIVE_DIRECTORY" && <DirectoryActions />}
          </fieldset>
        ))}
        <div className="settings__actions">
          <button type="submit" className="btn" disabled={busy}>
            {t("admin.settings.save")}
          </button>
        </div>
      </form>
      {testing && <TestMailDialog close={() => setTesting(false)} />}
    </>
  );
}

export default function SettingsForm({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Settings {...props} />
    </Localized>
  );
}
