import { type FormEvent, useState } from "react";
import { PROJECT_LIMITS } from "../../src/modules/projects/limits";
import { DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { type FieldErrors, fieldErrorsOf } from "./fieldErrors";

/** What the project dialogs send. */
export interface ProjectFields {
  name: string;
  description: string;
  category: string;
}

function Foot({ id, error, counter }: { id: string; error?: string; counter?: string }) {
  return (
    <div className="field__foot">
      <span className="field__error" id={id} aria-live="polite">
        {error}
      </span>
      {counter && <span className="field__counter">{counter}</span>}
    </div>
  );
}

/**
 * A project's create or edit form: counted name and description, a category suggested from
 * `categories`; Save only with a name (the spec's rule); the server's complaints under their fields,
 * and what was typed stays after a failed save. `save` sends the fields and moves on.
 */
export function ProjectForm({ prefix, initial, categories, save, onCancel }: {
  prefix: string;
  initial?: ProjectFields;
  categories: string[];
  save: (fields: ProjectFields) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [fields, setFields] = useState<ProjectFields>(initial ?? { name: "", description: "", category: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = (field: string) => `${prefix}-${field}`;
  const named = fields.name.trim() !== "";
  const edit = (field: keyof ProjectFields) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setFields((now) => ({ ...now, [field]: value }));
    if (field === "name") setErrors((now) => ({ ...now, name: value.trim() ? undefined : t("project.nameRequired") }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!named) return;
    setBusy(true);
    try {
      await save(fields);
    } catch (error) {
      setBusy(false);
      setErrors(fieldErrorsOf(error));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id("name")}>{t("project.name")}</label>
        <input id={id("name")} name="name" required maxLength={PROJECT_LIMITS.name} autoComplete="off" value={fields.name} onChange={edit("name")}
          aria-describedby={id("name-error")} aria-invalid={errors.name ? true : undefined} />
        <Foot id={id("name-error")} error={errors.name} counter={`${fields.name.length} / ${PROJECT_LIMITS.name}`} />
      </div>
      <div className="field">
        <label htmlFor={id("description")}>{t("project.description")}</label>
        <textarea id={id("description")} name="description" maxLength={PROJECT_LIMITS.description} rows={3} value={fields.description}
          onChange={edit("description")} aria-describedby={id("description-error")} aria-invalid={errors.description ? true : undefined} />
        <Foot id={id("description-error")} error={errors.description} counter={`${fields.description.length} / ${PROJECT_LIMITS.description}`} />
      </div>
      <div className="field">
        <label htmlFor={id("category")}>{t("project.category")}</label>
        <input id={id("category")} name="category" maxLength={PROJECT_LIMITS.category} list={id("categories")} autoComplete="off" value={fields.category}
          onChange={edit("category")} aria-describedby={id("category-error")} aria-invalid={errors.category ? true : undefined} />
        <datalist id={id("categories")}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Foot id={id("category-error")} error={errors.category} />
      </div>
      <DialogActions label={t("common.save")} onCancel={onCancel} disabled={!named || busy} />
    </form>
  );
}
