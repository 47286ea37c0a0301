import { useT } from "../lib/ui/i18n";
import { personName, type Person } from "./types";

interface Props {
  id: string;
  members: Person[];
  /** The chosen member's id as text; empty: nobody. */
  value: string;
  disabled?: boolean;
  /** The first choice's words: nobody (a task's assignee) unless told (the filter's "any"). */
  none?: string;
  onChange: (value: string) => void;
}

/** A task's assignee: nobody, or one of the project's members (the creation dialog, the detail and the list's filter). */
export function PerformerSelect({ id, members, value, disabled, none, onChange }: Props) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t("issue.performer")}</label>
      <select id={id} name="performer" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">{none ?? t("issue.nobody")}</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {personName(m)}
          </option>
        ))}
      </select>
    </div>
  );
}
