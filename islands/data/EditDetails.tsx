import { mdiPencil } from "@mdi/js";
import { type FormEvent, useRef, useState } from "react";
import { DATA_STATUSES, type DataStatus } from "../../src/lib/data-kinds";
import type { Locale } from "../../src/lib/i18n";
import { LIMITS } from "../../src/modules/data/limits";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { CategoryChecks, type CategoryChoice } from "../lib/ui/CategoryChecks";
import { type Item, saveDetails, useItem } from "./item-store";
import "./data-dialogs.css";

interface EditDetailsProps {
  locale: Locale;
  item: Item;
  /** The project's categories but the default ones, and its data sources and keywords as suggestions. */
  categories: CategoryChoice[];
  providers: string[];
  keywords: string[];
}

const splitKeywords = (text: string) => text.split(",").map((k) => k.trim()).filter(Boolean);

const fieldsOf = (item: Item) => ({
  name: item.name,
  provider: item.provider?.name ?? "",
  keywords: item.keywords.map((k) => k.value).join(", "),
  status: item.status as DataStatus,
  shortDescription: item.shortDescription ?? "",
  description: item.description ?? "",
  categoryIds: item.categoryList.filter((c) => !c.isDefault).map((c) => c.id),
});

type Fields = ReturnType<typeof fieldsOf>;

/** The dialog, filled from the item as last saved; a refusal keeps what was typed and shows the server's words. */
function EditDialog({ item, categories, providers, keywords, onClose }: Omit<EditDetailsProps, "locale"> & { onClose: (saved: boolean) => void }) {
  const { t } = useT();
  const [fields, setFields] = useState(() => fieldsOf(item));
  const [errors, setErrors] = useState({ name: "", provider: "" });
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const inputs = { name: useRef<HTMLInputElement>(null), provider: useRef<HTMLInputElement>(null) };
  const set = (change: Partial<Fields>) => setFields({ ...fields, ...change });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = fields.name.trim();
    const provider = fields.provider.trim();
    const needsProvider = item.dataType === "DOC" && !provider;
    setErrors({ name: name ? "" : t("data.edit.nameRequired"), provider: needsProvider ? t("data.wizard.providerRequired") : "" });
    if (!name || needsProvider) return inputs[name ? "provider" : "name"].current?.focus();
    // Default categories are not offered here; the item keeps those it has.
    const hidden = item.categoryList.filter((c) => c.isDefault).map((c) => ({ id: c.id }));
    setSaving(true);
    setFailure("");
    try {
      await saveDetails(
        {
          id: item.id,
          project: { id: item.project.id },
          dataType: item.dataType,
          name,
          provider: provider || null,
          keywords: splitKeywords(fields.keywords),
          status: fields.status,
          shortDescription: fields.shortDescription.trim(),
          description: fields.description.trim(),
          categoryList: [...hidden, ...fields.categoryIds.map((id) => ({ id }))],
        },
        item,
      );
      onClose(true);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      setFailure(error instanceof ApiError && error.details.length ? error.details.map((d) => d.message).join(" ") : errorText(error));
    } finally {
      setSaving(false);
    }
  }

  const text = (name: "shortDescription", maxLength: number) => (
    <input id={`data-edit-${name}`} name={name} maxLength={maxLength} autoComplete="off" value={fields[name]} onChange={(event) => set({ [name]: event.target.value })} />
  );
  return (
    <Dialog title={t("data.edit.title")} className="data-edit" id="data-edit-dialog" onClose={() => onClose(false)}>
      <form id="data-edit-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="form-error" role="alert" hidden={!failure}>
          {failure}
        </p>
        <div className="field">
          <label htmlFor="data-edit-name">{t("data.wizard.name")}</label>
          <input id="data-edit-name" name="name" required maxLength={LIMITS.name} autoComplete="off" autoFocus aria-describedby="data-edit-name-error" aria-invalid={Boolean(errors.name)} ref={inputs.name} value={fields.name} onChange={(event) => set({ name: event.target.value })} />
          <span className="field__error" id="data-edit-name-error" aria-live="polite">
            {errors.name}
          </span>
        </div>
        <div className="field">
          <label htmlFor="data-edit-provider">{t("data.wizard.provider")}</label>
          <input
            id="data-edit-provider"
            name="provider"
            list="data-edit-providers"
            maxLength={LIMITS.providerName}
            autoComplete="off"
            required={item.dataType === "DOC"}
            aria-describedby="data-edit-provider-error"
            aria-invalid={Boolean(errors.provider)}
            ref={inputs.provider}
            value={fields.provider}
            onChange={(event) => set({ provider: event.target.value })}
          />
          <datalist id="data-edit-providers">
            {providers.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <span className="field__error" id="data-edit-provider-error" aria-live="polite">
            {errors.provider}
          </span>
        </div>
        <div className="field">
          <label htmlFor="data-edit-keywords">{t("data.wizard.keywords")}</label>
          <input id="data-edit-keywords" name="keywords" list="data-edit-keyword-list" autoComplete="off" value={fields.keywords} onChange={(event) => set({ keywords: event.target.value })} />
          <datalist id="data-edit-keyword-list">
            {keywords.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="data-edit-status">{t("data.wizard.status")}</label>
          <select id="data-edit-status" name="status" value={fields.status} onChange={(event) => set({ status: event.target.value as DataStatus })}>
            {DATA_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`dataStatus.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="data-edit-shortDescription">{t("data.wizard.shortDescription")}</label>
          {text("shortDescription", LIMITS.shortDescription)}
        </div>
        <div className="field">
          <label htmlFor="data-edit-description">{t("data.wizard.description")}</label>
          <textarea id="data-edit-description" name="description" rows={3} maxLength={LIMITS.description} value={fields.description} onChange={(event) => set({ description: event.target.value })} />
        </div>
        <CategoryChecks categories={categories} legend={t("data.categories")} none={t("data.wizard.noCategories")} checked={fields.categoryIds} onChange={(categoryIds) => set({ categoryIds })} />
        <DialogActions label={t("common.save")} onCancel={() => onClose(false)} disabled={saving} />
      </form>
    </Dialog>
  );
}

function EditButton(props: Omit<EditDetailsProps, "locale">) {
  const { t } = useT();
  const item = useItem(props.item);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  function close(saved: boolean) {
    setOpen(false);
    if (saved) snack(t("data.edit.saved"), "success");
    opener.current?.focus();
  }
  return (
    <>
      <button type="button" className="docv-icon" id="data-edit-open" aria-haspopup="dialog" title={t("data.edit.title")} ref={opener} onClick={() => setOpen(true)}>
        <Icon path={mdiPencil} />
        <span className="visually-hidden">{t("data.edit.title")}</span>
      </button>
      {open && <EditDialog {...props} item={item} onClose={close} />}
    </>
  );
}

/**
 * A moderator's edit button of a data item's page and its dialog (data/save): name, data source
 * (required for documents), keywords, status, descriptions and categories. The page's heading and
 * info panel follow the save in place (item-store), so the viewer beside them keeps its state.
 */
export default function EditDetails({ locale, ...props }: EditDetailsProps) {
  return (
    <Localized locale={locale}>
      <EditButton {...props} />
    </Localized>
  );
}
