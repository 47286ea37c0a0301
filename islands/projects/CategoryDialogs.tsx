import { type FormEvent, useState } from "react";
import { CATEGORY_LIMITS } from "../../src/modules/categories/limits";
import { reloadWith } from "../lib/flash";
import { call, server } from "../lib/server";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { type FieldErrors, fieldErrorsOf } from "./fieldErrors";
import type { ListedCategory } from "./home-store";

function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <span className="field__error" id={id} aria-live="polite">
      {error}
    </span>
  );
}

/** An administrator's new or edited category: name (required), type (a folder, suggested), description. Saving reloads the page. */
export function CategoryForm({ projectId, category, types, onClose }: { projectId: number; category?: ListedCategory; types: string[]; onClose: () => void }) {
  const { t } = useT();
  const [fields, setFields] = useState({ name: category?.name ?? "", type: category?.type ?? "", description: category?.description ?? "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const edit = (field: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [field]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = fields.name.trim();
    setErrors({ name: name ? undefined : t("category.nameRequired") });
    if (!name) return;
    try {
      await call(server.category.save.post({ id: category?.id, name, type: fields.type.trim() || null, description: fields.description, project: { id: projectId } }));
      reloadWith(t("category.saved"));
    } catch (error) {
      setErrors(fieldErrorsOf(error, t("project.errorWritingData")));
    }
  };
  return (
    <Dialog title={category ? t("category.editTitle") : t("category.create")} className="medium" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="category-name">{t("category.name")}</label>
          <input id="category-name" name="name" required maxLength={CATEGORY_LIMITS.name} autoComplete="off" aria-describedby="category-name-error"
            aria-invalid={errors.name ? true : undefined} value={fields.name} onChange={edit("name")} />
          <FieldError id="category-name-error" error={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="category-type">{t("category.type")}</label>
          <input id="category-type" name="type" maxLength={CATEGORY_LIMITS.type} list="category-types" autoComplete="off" aria-describedby="category-type-error"
            aria-invalid={errors.type ? true : undefined} value={fields.type} onChange={edit("type")} />
          <datalist id="category-types">
            {types.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
          <FieldError id="category-type-error" error={errors.type} />
        </div>
        <div className="field">
          <label htmlFor="category-description">{t("category.description")}</label>
          <textarea id="category-description" name="description" rows={4} maxLength={CATEGORY_LIMITS.description} value={fields.description} onChange={edit("description")} />
        </div>
        <DialogActions label={t("common.save")} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Copying a category under a new name; the copy is handed back to be listed after the original. */
export function CopyForm({ original, onCopied, onClose }: { original: ListedCategory; onCopied: (copy: { id: number; name: string }) => void; onClose: () => void }) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    setError(wanted ? undefined : t("category.nameRequired"));
    if (!wanted) return;
    try {
      onCopied(await call(server.category["make-copy"].post({ categoryId: original.id, name: wanted })));
    } catch (error) {
      setError(Object.values(fieldErrorsOf(error))[0]);
    }
  };
  return (
    <Dialog title={t("category.copyTitle")} className="medium" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="category-copy-name">{t("category.newName")}</label>
          <input id="category-copy-name" name="name" maxLength={CATEGORY_LIMITS.name} autoComplete="off" aria-describedby="category-copy-name-error"
            aria-invalid={error ? true : undefined} value={name} onChange={(event) => setName(event.target.value)} />
          <FieldError id="category-copy-name-error" error={error} />
        </div>
        <DialogActions label={t("category.copy")} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
