import { useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { LIMITS } from "../../src/modules/data/limits";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { CategoryChecks } from "../lib/ui/CategoryChecks";
import type { CreateOptions } from "./creators";
import { CreatorForm, NameField } from "./CreatorForm";

type Fields = { project: { id: number }; name: string; description: string; categoryList: { id: number }[] };

/** Where each type is created: calc/save gives a calculation its default script; a report starts empty. */
const create = (dataType: CreateOptions["dataType"], fields: Fields) =>
  dataType === "CALC" ? call(server.calc.save.post(fields)) : call(server.data.save.post({ ...fields, dataType: "REPORT", body: "" }));

/**
 * The create dialog of the types made from a name alone (CALC and REPORT): name, description and
 * categories; Create stores the item (a calculation with its default script, an empty report) and
 * opens it. A refusal shows the server's error and keeps what was typed.
 */
export function NewItemDialog({ options, onClose }: { options: CreateOptions; onClose: () => void }) {
  const { t } = useT();
  const prefix = options.dataType === "CALC" ? "calc" : "report";
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [categoryIds, setCategoryIds] = useState(options.categoryIds ?? []);
  const [nameError, setNameError] = useState("");
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  async function submit() {
    const named = name.trim();
    setNameError(named ? "" : t("data.edit.nameRequired"));
    if (!named) return nameInput.current?.focus();
    setFailure("");
    setSaving(true);
    try {
      const created = await create(options.dataType, { project: { id: options.projectId }, name: named, description, categoryList: categoryIds.map((id) => ({ id })) });
      location.assign(dataItemPath(options.projectId, options.dataType, created.id));
    } catch (error) {
      setFailure(errorText(error));
      setSaving(false);
    }
  }

  return (
    <CreatorForm title={t(`${prefix}.create.title`)} id="new-item" formId="nid-form" submitLabel={t(`${prefix}.create.submit`)} saving={saving} failure={failure} onSubmit={() => void submit()} onClose={onClose}>
      <NameField id="nid-name" value={name} error={nameError} onChange={setName} inputRef={nameInput} />
      <div className="field">
        <label htmlFor="nid-description">{t("data.wizard.description")}</label>
        <textarea id="nid-description" name="description" rows={3} maxLength={LIMITS.description} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <CategoryChecks categories={options.categories} legend={t("data.categories")} none={t("data.wizard.noCategories")} checked={categoryIds} onChange={setCategoryIds} />
    </CreatorForm>
  );
}
