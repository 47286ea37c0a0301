import { mdiDelete } from "@mdi/js";
import type { ReactNode } from "react";
import type { MessageKey } from "../../locales/en";
import { FIELD_TYPES, FLOAT_ORDERS, REGISTER_KINDS } from "../../src/modules/modbus/kinds";
import { hasMessage } from "../lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { NumberField } from "../lib/ui/NumberField";
import type { FIELD_NUMBERS, FieldDraft } from "./unit-draft";

/** The server's complaint about one input, under it: its code translated when it is one. */
export function Complaint({ id, text }: { id: string; text: string | undefined }) {
  const { t } = useT();
  if (!text) return null;
  return (
    <p className="field__error unit-form__complaint" id={`${id}-server`} role="alert">
      {hasMessage(text) ? t(text) : text}
    </p>
  );
}

/** A labelled input with its complaint. */
export function Labelled({ id, label, complaint, children }: { id: string; label: string; complaint: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <Complaint id={id} text={complaint} />
    </div>
  );
}

interface Props {
  n: number;
  field: FieldDraft;
  /** The four byte orders' values of the field's last reading, when it was read as a FLOAT. */
  preview: Record<string, number> | undefined;
  errors: Record<string, string | undefined>;
  checked: boolean;
  onChange: (field: FieldDraft) => void;
  onRemove: () => void;
}

/** One field of a unit in its settings: where it is read, how it is decoded, its range and thresholds, its colour. */
export function FieldEditor({ n, field, preview, errors, checked, onChange, onRemove }: Props) {
  const { t, tf, locale } = useT();
  const id = (key: string) => `unit-field-${field.key}-${key}`;
  const error = (key: string) => errors[`fields.${n}.${key}`];
  const set = (changes: Partial<FieldDraft>) => onChange({ ...field, ...changes });
  const text = (key: "name" | "description" | "postfix", label: MessageKey) => (
    <Labelled id={id(key)} label={t(label)} complaint={error(key)}>
      <input id={id(key)} value={field[key]} onChange={(e) => set({ [key]: e.target.value })} aria-invalid={Boolean(error(key))} />
    </Labelled>
  );
  const number = (key: (typeof FIELD_NUMBERS)[number]) => (
    <div key={key}>
      <NumberField id={id(key)} label={t(`modbus.${key}` as MessageKey)} value={field[key]} onChange={(value) => set({ [key]: value })} checked={checked} whole={key === "address"} required={key === "address"} />
      <Complaint id={id(key)} text={error(key)} />
    </div>
  );
  const shown = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value);
  const title = field.name || tf("modbus.fieldTitle", { n: n + 1 });
  return (
    <fieldset className="unit-form__field">
      <legend>{title}</legend>
      <div className="unit-form__grid">
        {text("name", "modbus.fieldName")}
        {number("address")}
        <Labelled id={id("dataType")} label={t("modbus.dataType")} complaint={error("dataType")}>
          <select id={id("dataType")} value={field.dataType} onChange={(e) => set({ dataType: e.target.value as FieldDraft["dataType"], registerKind: e.target.value === "BOOLEAN" ? "COIL" : "HOLDING" })}>
            {FIELD_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Labelled>
        <Labelled id={id("registerKind")} label={t("modbus.registerKind")} complaint={error("registerKind")}>
          <select id={id("registerKind")} value={field.registerKind} onChange={(e) => set({ registerKind: e.target.value as FieldDraft["registerKind"] })}>
            {REGISTER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`modbus.register.${kind}`)}
              </option>
            ))}
          </select>
        </Labelled>
        {text("postfix", "modbus.postfix")}
        {number("minValue")}
        {number("minThresholdValue")}
        {number("maxThresholdValue")}
        {number("maxValue")}
        {number("scale")}
        {number("offset")}
        <Labelled id={id("color")} label={t("modbus.color")} complaint={error("color")}>
          <input id={id("color")} type="color" value={`#${field.color}`} onChange={(e) => set({ color: e.target.value.slice(1).toUpperCase() })} />
        </Labelled>
      </div>
      {text("description", "modbus.description")}
      {field.dataType === "FLOAT" && (
        <fieldset className="unit-form__orders">
          <legend>{t("modbus.floatOrder")}</legend>
          {FLOAT_ORDERS.map((order) => (
            <label key={order} className="unit-form__order">
              <input type="radio" name={id("floatOrder")} value={order} checked={field.floatOrder === order} onChange={() => set({ floatOrder: order })} />
              <span>{order}</span>
              <output>{preview?.[order] === undefined ? t("modbus.noPreview") : shown(preview[order])}</output>
            </label>
          ))}
        </fieldset>
      )}
      <button type="button" className="btn btn--ghost unit-form__remove" onClick={onRemove}>
        <Icon path={mdiDelete} />
        {tf("modbus.removeField", { name: title })}
      </button>
    </fieldset>
  );
}
