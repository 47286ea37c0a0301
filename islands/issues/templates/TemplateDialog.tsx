import { mdiPlus } from "@mdi/js";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ISSUE_LIMITS } from "../../../src/modules/issues/limits";
import { ApiError } from "../../lib/api";
import { errorText, reportFailure } from "../../lib/failures";
import { hasMessage } from "../../lib/i18n";
import { call, server } from "../../lib/server";
import { Dialog, DialogActions } from "../../lib/ui/Dialog";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import type { Template } from "../types";
import { type TemplateField, TemplateFieldRow } from "./TemplateFieldRow";

let made = 0;
const withKey = (field: Template["fields"][number]): TemplateField => ({ ...field, key: ++made });

/** Where the server's complaints go: under a field (body.fields.2.options), under the name, else the form's own line. */
interface Complaints {
  name: string;
  fields: Record<number, string>;
  form: string;
}
const NONE: Complaints = { name: "", fields: {}, form: "" };

/** `list` with the item at `from` swapped with its neighbour `by` places away. */
const swapped = <T,>(list: T[], from: number, by: -1 | 1) => {
  const next = [...list];
  [next[from], next[from + by]] = [next[from + by]!, next[from]!];
  return next;
};

interface Props {
  editing?: Template;
  types: readonly TemplateField["type"][];
  /** A new template is this project's own; none: a global one. */
  projectId?: number;
  onSaved: (saved: Template) => void;
  onClose: () => void;
}

/** The dialog that creates a template (editing undefined) or edits one; fields are reordered with Move up and Move down; the server checks every field. */
export function TemplateDialog({ editing, types, projectId, onSaved, onClose }: Props) {
  const { t } = useT();
  const id = useId();
  const [name, setName] = useState(editing?.name ?? "");
  const [icon, setIcon] = useState(editing?.icon ?? "");
  const [fields, setFields] = useState(() => (editing?.fields ?? []).map(withKey));
  const [complaints, setComplaints] = useState(NONE);
  const [added, setAdded] = useState<number>();
  /** The field just moved and its button: it keeps the focus in its new place. */
  const [moved, setMoved] = useState<{ key: number; by: -1 | 1 }>();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!moved) return;
    const index = fields.findIndex((f) => f.key === moved.key);
    const buttons = list.current?.children[index]?.getElementsByTagName("button");
    (buttons?.[moved.by === -1 ? (index === 0 ? 1 : 0) : index === fields.length - 1 ? 0 : 1] as HTMLButtonElement | undefined)?.focus();
  }, [moved, fields]);

  const complain = (error: unknown) => {
    const next: Complaints = { name: "", fields: {}, form: "" };
    for (const detail of error instanceof ApiError ? error.details : []) {
      const text = hasMessage(detail.message) ? t(detail.message) : detail.message;
      const at = /^body\.fields\.(\d+)/.exec(detail.path);
      if (at && Number(at[1]) < fields.length) next.fields[Number(at[1])] = text;
      else if (detail.path === "body.name") next.name = text;
    }
    if (!next.name && !Object.keys(next.fields).length) next.form = errorText(error);
    setComplaints(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setComplaints(NONE);
    if (!event.currentTarget.reportValidity()) return;
    const body = {
      ...(editing ? { id: editing.id } : projectId ? { project: { id: projectId } } : {}),
      name: name.trim(),
      icon: icon.trim(),
      fields: fields.map(({ key: _key, ...field }) => ({ ...field, name: field.name.trim(), options: field.type === "LIST" ? field.options : null })),
    };
    try {
      onSaved(await call(server["issue-template"].save.post(body)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) complain(error);
      else reportFailure(error);
    }
  };

  const add = () => {
    const field = withKey({ name: "", type: "STRING", required: false, options: null });
    setAdded(field.key);
    setFields([...fields, field]);
  };

  return (
    <Dialog title={t(editing ? "issue.templates.edit" : "issue.templates.create")} onClose={onClose} className="tc-dialog">
      <form noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t("issue.templates.name")}</label>
          <input id={`${id}-name`} required autoFocus maxLength={ISSUE_LIMITS.templateName} autoComplete="off" value={name} aria-describedby={`${id}-name-error`} onChange={(e) => setName(e.target.value)} />
          <p className="field__error" id={`${id}-name-error`} hidden={!complaints.name}>
            {complaints.name}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-icon`}>{t("issue.templates.icon")}</label>
          <input id={`${id}-icon`} maxLength={16} autoComplete="off" value={icon} onChange={(e) => setIcon(e.target.value)} />
        </div>
        <fieldset className="tc-fields">
          <legend>{t("issue.templates.fields")}</legend>
          <ol className="tt-fields" ref={list}>
            {fields.map((field, index) => (
              <TemplateFieldRow
                key={field.key}
                id={`${id}-f${field.key}`}
                field={field}
                types={types}
                focus={field.key === added}
                error={complaints.fields[index] ?? ""}
                onChange={(next) => setFields(fields.map((f) => (f.key === next.key ? next : f)))}
                onRemove={() => setFields(fields.filter((f) => f.key !== field.key))}
                onMove={{
                  up: index > 0 ? () => (setFields(swapped(fields, index, -1)), setMoved({ key: field.key, by: -1 })) : undefined,
                  down: index < fields.length - 1 ? () => (setFields(swapped(fields, index, 1)), setMoved({ key: field.key, by: 1 })) : undefined,
                }}
              />
            ))}
          </ol>
          <button type="button" className="btn btn--ghost" onClick={add}>
            <Icon path={mdiPlus} />
            {t("issue.templates.addField")}
          </button>
        </fieldset>
        <p className="form-error" role="alert" hidden={!complaints.form}>
          {complaints.form}
        </p>
        <DialogActions label={t("common.save")} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
