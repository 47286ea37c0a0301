import { mdiPlus } from "@mdi/js";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Wire } from "../../src/lib/responses";
import type { LastData, PresentedUnit } from "../../src/modules/modbus/presenter";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { NumberField } from "../lib/ui/NumberField";
import { type FieldErrors, fieldErrorsOf } from "../projects/fieldErrors";
import { Complaint, FieldEditor, Labelled } from "./FieldEditor";
import { draftOf, newField, saveBodyOf } from "./unit-draft";

interface Props {
  unit: Wire<PresentedUnit>;
  last: Wire<LastData>;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * A unit's settings for its moderators (spec 2, the device view's edit mode): the device's address, slave id and
 * poll period, and its fields; a FLOAT's four byte orders each show the last reading decoded so the right one is
 * plain to see. Save sends modbus-unit/save; its complaints show at their inputs.
 */
export function UnitEditor({ unit, last, onSaved, onCancel }: Props) {
  const { t, locale } = useT();
  const [draft, setDraft] = useState(() => draftOf(unit));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  // The edit button the keyboard was on is gone: the form's first input takes the focus.
  useEffect(() => first.current?.focus(), []);
  const set = (changes: Partial<typeof draft>) => setDraft({ ...draft, ...changes });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = saveBodyOf(unit, draft, locale);
    setChecked(true);
    if (!body) return;
    setSaving(true);
    try {
      await call(server["modbus-unit"].save.post(body));
      onSaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };
  const nextAddress = Math.max(-1, ...draft.fields.map((f) => Number(f.address) || 0)) + 1;
  return (
    <form className="unit-form" aria-label={t("modbus.editTitle")} onSubmit={save} noValidate>
      <h2 className="unit-form__title">{t("modbus.editTitle")}</h2>
      <div className="unit-form__grid">
        <Labelled id="unit-name" label={t("modbus.unitName")} complaint={errors.name}>
          <input id="unit-name" ref={first} required value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </Labelled>
        <Labelled id="unit-address" label={t("modbus.ipAddress")} complaint={errors.ipAddress}>
          <input id="unit-address" required value={draft.ipAddress} placeholder="192.168.0.10:502" onChange={(e) => set({ ipAddress: e.target.value })} />
        </Labelled>
        <div>
          <NumberField id="unit-slave" label={t("modbus.slaveId")} value={draft.slaveId} onChange={(slaveId) => set({ slaveId })} whole required min={0} max={255} checked={checked} />
          <Complaint id="unit-slave" text={errors.slaveId} />
        </div>
        <div>
          <NumberField id="unit-poll" label={t("modbus.pollPeriod")} value={draft.pollPeriod} onChange={(pollPeriod) => set({ pollPeriod })} whole required min={100} checked={checked} />
          <Complaint id="unit-poll" text={errors.pollPeriod} />
        </div>
      </div>
      <h3>{t("modbus.fields")}</h3>
      <Complaint id="unit-fields" text={errors.fields} />
      {draft.fields.map((field, n) => (
        <FieldEditor
          key={field.key}
          n={n}
          field={field}
          preview={last.readings.find((r) => r.fieldId === field.id)?.preview}
          errors={errors}
          checked={checked}
          onChange={(changed) => set({ fields: draft.fields.map((f) => (f.key === field.key ? changed : f)) })}
          onRemove={() => set({ fields: draft.fields.filter((f) => f.key !== field.key) })}
        />
      ))}
      <button type="button" className="btn btn--ghost" onClick={() => set({ fields: [...draft.fields, newField(nextAddress)] })}>
        <Icon path={mdiPlus} />
        {t("modbus.addField")}
      </button>
      <div className="unit-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn" disabled={saving}>
          {t("common.save")}
        </button>
      </div>
    </form>
  );
}
