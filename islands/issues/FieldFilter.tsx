import { useState } from "react";
import { useT } from "../lib/ui/i18n";
import type { TemplateField } from "./field-text";
import { personName, type Person } from "./types";

interface Props {
  fields: TemplateField[];
  members: Person[];
  /** The filter set now: field name to the value it must hold. */
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
}

/**
 * The list's filter on one template value: a field (dates are not offered), then a control of its type:
 * a choice for LIST, BOOLEAN and USER fields, text (contained) for STRING and NUMBER ones.
 */
export function FieldFilter({ fields, members, value, onChange }: Props) {
  const { t } = useT();
  const offered = fields.filter((f) => f.type !== "DATE");
  const [name, setName] = useState(() => Object.keys(value)[0] ?? "");
  const [typed, setTyped] = useState(() => Object.values(value)[0] ?? "");
  const field = offered.find((f) => f.name === name);
  if (!offered.length) return null;
  const set = (next: string) => onChange(name && next ? { [name]: next } : {});
  const choices: (readonly [string, string])[] | undefined =
    field?.type === "LIST"
      ? (field.options ?? "").split(",").map((o) => o.trim()).filter(Boolean).map((o) => [o, o] as const)
      : field?.type === "BOOLEAN"
        ? [["true", t("common.yes")], ["false", t("common.no")]]
        : field?.type === "USER"
          ? members.map((m) => [String(m.id), personName(m)] as const)
          : undefined;
  return (
    <>
      <div className="field">
        <label htmlFor="tl-f-field">{t("issue.fieldFilter")}</label>
        <select
          id="tl-f-field"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setTyped("");
            if (Object.keys(value).length) onChange({});
          }}
        >
          <option value="">{t("issue.any")}</option>
          {offered.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
      {field && (
        <div className="field">
          <label htmlFor="tl-f-field-value">{t("issue.fieldFilterValue")}</label>
          {choices ? (
            <select id="tl-f-field-value" value={value[name] ?? ""} onChange={(event) => set(event.target.value)}>
              <option value="">{t("issue.any")}</option>
              {choices.map(([key, text]) => (
                <option key={key} value={key}>
                  {text}
                </option>
              ))}
            </select>
          ) : (
            <input
              id="tl-f-field-value"
              type="search"
              autoComplete="off"
              inputMode={field.type === "NUMBER" ? "decimal" : undefined}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={() => set(typed.trim())}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  set(typed.trim());
                }
              }}
            />
          )}
        </div>
      )}
    </>
  );
}
