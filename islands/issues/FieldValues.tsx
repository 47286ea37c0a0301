import { mdiPencil } from "@mdi/js";
import { type FormEvent, Fragment, useEffect, useRef, useState } from "react";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { hasMessage, t as pageT } from "../lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { TaskDetailStore } from "./detail-store";
import { shownValue, type TemplateField, textOfValue, valueOfText } from "./field-text";
import { TemplateFieldInput } from "./TemplateFieldInput";
import type { Issue } from "./types";

/** The task's template values; who may edit the task changes each in place (Edit, then Save or Escape). */
export function FieldValues({ detail, issue }: { detail: TaskDetailStore; issue: Issue }) {
  const strings = useT();
  const [editing, setEditing] = useState<string>();
  /** The field whose editor just closed: its Edit button takes the focus back. */
  const [closed, setClosed] = useState<string>();
  const fields = issue.template?.fields ?? [];
  if (!fields.length) return null;
  return (
    <dl className="td-info td-fields" aria-label={strings.t("issue.fields")}>
      {fields.map((field, index) => (
        <Fragment key={field.name}>
          <dt id={`td-f-${index}-name`}>{field.name}</dt>
          <dd>
            {editing === field.name ? (
              <FieldEditor
                detail={detail}
                issue={issue}
                field={field}
                id={`td-f-${index}`}
                onDone={() => {
                  setEditing(undefined);
                  setClosed(field.name);
                }}
              />
            ) : (
              <ShownField
                index={index}
                text={shownValue(strings, field.type, issue.additionalFields?.[field.name], detail.members)}
                editable={issue.canEdit}
                name={field.name}
                focus={closed === field.name}
                onEdit={() => setEditing(field.name)}
              />
            )}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A value and its Edit button, which takes the focus back once the editor closes. */
function ShownField({ index, text, editable, name, focus, onEdit }: { index: number; text: string; editable: boolean; name: string; focus: boolean; onEdit: () => void }) {
  const { tf } = useT();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  const label = tf("issue.editField", { name });
  return (
    <span className="td-field">
      <span data-field-value="">{text}</span>
      {editable && (
        <button ref={button} type="button" className="td-icon" id={`td-f-${index}-edit`} aria-label={label} title={label} onClick={onEdit}>
          <Icon path={mdiPencil} />
        </button>
      )}
    </span>
  );
}

/** One value's control, saved through the server's checks; a refusal shows under it and keeps what was typed. */
function FieldEditor({ detail, issue, field, id, onDone }: { detail: TaskDetailStore; issue: Issue; field: TemplateField; id: string; onDone: () => void }) {
  const { t, locale } = useT();
  const [text, setText] = useState(() => textOfValue(field, issue.additionalFields?.[field.name], locale));
  const [error, setError] = useState("");
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current?.elements.namedItem(id) as HTMLElement | null)?.focus(), [id]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    setError("");
    const read = valueOfText(field, text, locale);
    if ("refused" in read) return;
    setSending(true);
    try {
      await detail.setField(field.name, read.value ?? null);
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        const detailOf = failure.details.find((d) => d.path === `body.additionalFields.${field.name}`) ?? failure.details[0];
        setError(detailOf ? (hasMessage(detailOf.message) ? pageT(detailOf.message) : detailOf.message) : errorText(failure));
      } else reportFailure(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={form} className="td-field-edit" noValidate onSubmit={submit} onKeyDown={(event) => event.key === "Escape" && (event.stopPropagation(), onDone())}>
      <TemplateFieldInput id={id} field={field} value={text} members={detail.members} error={error} checked={checked} onChange={setText} />
      <span className="td-field-edit__actions">
        <button type="submit" className="btn" disabled={sending}>
          {t("common.save")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </span>
    </form>
  );
}
