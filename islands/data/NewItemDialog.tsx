import { mdiClose } from "@mdi/js";
import { type FormEvent, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { LIMITS } from "../../src/modules/data/limits";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { CategoryChecks } from "../lib/ui/CategoryChecks";
import type { CreateOptions } from "./creators";

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

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <Dialog title={t(`${prefix}.create.title`)} className="nid" id="new-item" onClose={onClose}>
      <button type="button" className="dl-icon nid__close" aria-label={t("common.close")} title={t("common.close")} onClick={onClose}>
        <Icon path={mdiClose} />
      </button>
      <form className="nid__form" id="nid-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="nid__body">
          <div className="field">
            <label htmlFor="nid-name">{t("data.wizard.name")}</label>
            <input
              id="nid-name"
              name="name"
              maxLength={LIMITS.name}
              autoComplete="off"
              required
              aria-describedby="nid-name-error"
              aria-invalid={Boolean(nameError)}
              autoFocus
              ref={nameInput}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <span className="field__error" id="nid-name-error" aria-live="polite">
              {nameError}
            </span>
          </div>
          <div className="field">
            <label htmlFor="nid-description">{t("data.wizard.description")}</label>
            <textarea id="nid-description" name="description" rows={3} maxLength={LIMITS.description} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          <CategoryChecks categories={options.categories} legend={t("data.categories")} none={t("data.wizard.noCategories")} checked={categoryIds} onChange={setCategoryIds} />
          <p className="form-error" role="alert" hidden={!failure}>
            {failure}
          </p>
        </div>
        <div className="nid__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn" disabled={saving}>
            {t(`${prefix}.create.submit`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
