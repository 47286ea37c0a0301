import { type FormEvent, useRef, useState } from "react";
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { hasMessage, t as pageT } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { createIssue, dayToMs, type NewIssue } from "./calls";
import { CategoryChecks, type CategoryChoice } from "../lib/ui/CategoryChecks";
import { PerformerSelect } from "./PerformerSelect";
import { type FieldValue, valueOfText } from "./field-text";
import { TemplateFieldInput } from "./TemplateFieldInput";
import type { Issue, Person, Template } from "./types";

export interface TaskChoices {
  members: Person[];
  categories: CategoryChoice[];
  templates: Template[];
}

interface Props {
  projectId: number;
  choices: TaskChoices;
  /** A task made from a map's menu: the map and the point (longitude, latitude) it is at. */
  place?: { mapId: number; lonLat: [number, number] };
  onCreated: (issue: Issue) => void;
  onClose: () => void;
}

/** The server's complaints by where they go: `name`, a template field's name, else the form's own line. */
function complaintsOf(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const detail of error instanceof ApiError ? error.details : []) {
    const text = hasMessage(detail.message) ? pageT(detail.message) : detail.message;
    if (detail.path === "body.name") found.name ??= text;
    else if (detail.path.startsWith("body.additionalFields.")) found[`field:${detail.path.slice("body.additionalFields.".length)}`] ??= text;
  }
  return found;
}

/**
 * The creation dialog: the chosen template's fields appear under it, required ones must be filled (the
 * browser says so first; the server's refusal is shown under each field it names), and a made task is
 * handed to `onCreated` with the spec's taskCreated. A refused call keeps everything typed.
 */
export function CreateTaskDialog({ projectId, choices, place, onCreated, onClose }: Props) {
  const { t, tf, locale } = useT();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [performer, setPerformer] = useState("");
  const [due, setDue] = useState("");
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [complaints, setComplaints] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const template = choices.templates.find((tpl) => String(tpl.id) === templateId);
  const fields = template?.fields ?? [];

  /** The control of that id takes the focus: the first one refused. */
  const focus = (id: string) => (form.current!.elements.namedItem(id) as HTMLElement | null)?.focus();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setComplaints({});
    setFormError("");
    setChecked(true);
    if (!form.current!.checkValidity()) {
      setFormError(t("issue.createRefused"));
      form.current!.reportValidity();
      return;
    }
    const additionalFields: Record<string, FieldValue> = {};
    for (const [index, field] of fields.entries()) {
      const read = valueOfText(field, values[field.name] ?? "", locale);
      if ("refused" in read) {
        setFormError(t("issue.createRefused"));
        return focus(`tc-f-${index}`);
      }
      if (read.value !== undefined) additionalFields[field.name] = read.value;
    }
    const input: NewIssue = {
      name: name.trim(),
      project: { id: projectId },
      template: template ? { id: template.id } : null,
      ...(template ? { additionalFields } : {}),
      performer: performer ? { id: Number(performer) } : null,
      dueDate: dayToMs(due),
      categoryList: categoryIds.map((id) => ({ id })),
      ...(place ? { map: { id: place.mapId }, coordinates: { type: "Point", coordinates: place.lonLat } } : {}),
    };
    setSending(true);
    try {
      const issue = await createIssue(input);
      snack(t("issue.taskCreated"), "success");
      onCreated(issue);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
        const found = complaintsOf(error);
        setComplaints(found);
        const first = found.name ? "tc-name" : fields.findIndex((field) => found[`field:${field.name}`]);
        if (first === -1) setFormError(errorText(error));
        else focus(typeof first === "string" ? first : `tc-f-${first}`);
      } else reportFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog title={t("issue.create")} onClose={onClose} className="tc-dialog">
      <form ref={form} noValidate onSubmit={submit}>
        {place && <p id="tc-place">{tf("issue.place", { lat: place.lonLat[1].toFixed(5), lon: place.lonLat[0].toFixed(5) })}</p>}
        <div className="field">
          <label htmlFor="tc-name">{t("issue.name")}</label>
          <input id="tc-name" name="name" required maxLength={ISSUE_LIMITS.name} autoComplete="off" autoFocus value={name} aria-describedby="tc-name-error" aria-invalid={complaints.name ? true : undefined} onChange={(event) => setName(event.target.value)} />
          <p className="field__error" id="tc-name-error" hidden={!complaints.name}>
            {complaints.name}
          </p>
        </div>
        <div className="field">
          <label htmlFor="tc-template">{t("issue.template")}</label>
          <select id="tc-template" name="template" value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
            <option value="">{t("issue.noTemplateChoice")}</option>
            {choices.templates.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.icon ? `${tpl.icon} ${tpl.name}` : tpl.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="tc-fields" hidden={!fields.length}>
          <legend>{t("issue.fields")}</legend>
          {fields.map((field, index) => (
            <TemplateFieldInput
              key={`${templateId}:${field.name}`}
              id={`tc-f-${index}`}
              field={field}
              value={values[field.name] ?? ""}
              members={choices.members}
              error={complaints[`field:${field.name}`] ?? ""}
              checked={checked}
              onChange={(value) => setValues((all) => ({ ...all, [field.name]: value }))}
            />
          ))}
        </fieldset>
        <PerformerSelect id="tc-performer" members={choices.members} value={performer} onChange={setPerformer} />
        <div className="field">
          <label htmlFor="tc-due">{t("issue.dueDate")}</label>
          <input id="tc-due" name="dueDate" type="date" min="1900-01-01" max="9999-12-31" value={due} onChange={(event) => setDue(event.target.value)} />
        </div>
        {choices.categories.length > 0 && <CategoryChecks categories={choices.categories} legend={t("issue.categories")} checked={categoryIds} onChange={setCategoryIds} />}
        <p className="form-error" role="alert" hidden={!formError}>
          {formError}
        </p>
        <DialogActions label={t("issue.create")} onCancel={onClose} disabled={sending} />
      </form>
    </Dialog>
  );
}
