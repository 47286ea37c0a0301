import type { MessageKey } from "../../locales/en";
import { formatNumber, type NumberProblem } from "../../src/lib/numbers";
import { type SETTING_NUMBERS, type SettingKind, settingNumber, settingValueFits } from "../../src/modules/settings/kinds";
import type { Strings } from "../lib/ui/i18n";

/** A setting as the form needs it (settings/get-all's row). */
export interface SettingRow {
  label: string;
  body: string;
  isSecured: boolean;
  isSet: boolean;
  kind: SettingKind;
  schemes: string[];
}

const isNumberKind = (kind: SettingKind): kind is keyof typeof SETTING_NUMBERS => kind === "number" || kind === "port";

/**
 * Why a value does not fit its setting, or null: a number setting out of its range in its kind's words,
 * a number's own reason otherwise ("1.234" in es); any other kind by the server's own check.
 */
export function settingProblem({ t, tf, locale }: Strings, row: SettingRow, value: string): string | null {
  const kindText = t(`admin.settings.invalid.${row.kind}` as MessageKey);
  const trimmed = row.kind === "text" ? value : value.trim();
  if (isNumberKind(row.kind) && trimmed) {
    const read = settingNumber(row.kind, trimmed, locale);
    if (read.ok) return null;
    const problem: NumberProblem = read.problem;
    return problem === "not_whole" || problem === "too_small" || problem === "too_large" ? kindText : tf(`common.number.${problem}` as MessageKey, { min: "", max: "" });
  }
  return settingValueFits(row.kind, trimmed, row.schemes.length ? row.schemes : undefined) ? null : kindText;
}

/** What a number setting's text reads as, when that differs from the text ("1000" shows "= 1 000"). */
export function settingUnderstood({ tf, locale }: Strings, row: SettingRow, value: string): string {
  if (!isNumberKind(row.kind) || row.isSecured || !value.trim()) return "";
  const read = settingNumber(row.kind, value.trim(), locale);
  if (!read.ok) return "";
  const shown = formatNumber(read.value, locale);
  return shown === value.trim() ? "" : tf("common.number.understood", { value: shown });
}
