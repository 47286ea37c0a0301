import { useSignals } from "@preact/signals-react/runtime";
import { mdiChevronLeft, mdiChevronRight, mdiDeleteSweepOutline, mdiDownload, mdiMicrosoftExcel } from "@mdi/js";
import { useEffect, useState } from "react";
import { useConfirm } from "../lib/ui/Confirm";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { useSaveFile } from "../lib/ui/useSaveFile";
import { cellText } from "./cells";
import { filterableFields, ObjectFilters } from "./ObjectFilters";
import { createTableStore, type ObjectPage, PAGE_SIZE, type TableStore, type TableTemplate } from "./store";

export interface ObjectTableProps {
  layerId: number;
  templates: TableTemplate[];
  templateId?: number;
  canAdmin: boolean;
  /** The first page, when the page loaded it. */
  first?: ObjectPage;
}

function Pager({ store }: { store: TableStore }) {
  useSignals();
  const { t, tf } = useT();
  const total = store.rows.value.totalElements;
  const from = total ? store.page.value * PAGE_SIZE + 1 : 0;
  const to = Math.min(total, (store.page.value + 1) * PAGE_SIZE);
  return (
    <nav className="pt-pager" aria-label={t("layer.table.pages")}>
      <output id="pt-range" aria-live="polite">
        {tf("layer.table.range", { from, to, total })}
      </output>
      <button type="button" className="pt-icon" id="pt-prev" aria-label={t("layer.table.previous")} title={t("layer.table.previous")} disabled={store.page.value === 0 || store.loading.value} onClick={() => void store.load(store.page.value - 1)}>
        <Icon path={mdiChevronLeft} />
      </button>
      <button type="button" className="pt-icon" id="pt-next" aria-label={t("layer.table.next")} title={t("layer.table.next")} disabled={to >= total || store.loading.value} onClick={() => void store.load(store.page.value + 1)}>
        <Icon path={mdiChevronRight} />
      </button>
    </nav>
  );
}

function Rows({ store }: { store: TableStore }) {
  useSignals();
  const { t, locale } = useT();
  const template = store.template.value!;
  const columns = template.fields.filter((field) => !field.excludeFromTableView);
  const words = { yes: t("common.yes"), no: t("common.no") };
  const objects = store.rows.value.content;
  return (
    <div className="pt-scroll">
      <table className="pt-table" id="pt-table" aria-busy={store.loading.value}>
        <caption className="visually-hidden">{template.name}</caption>
        <thead>
          <tr>
            <th scope="col">{t("layer.table.name")}</th>
            {columns.map((field) => (
              <th scope="col" key={field.id}>
                {field.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {objects.map((object) => {
            const values = new Map(object.properties.map((property) => [property.field.id, property.value]));
            return (
              <tr key={object.id}>
                <th scope="row">{object.name}</th>
                {columns.map((field) => (
                  <td key={field.id}>{cellText(values.get(field.id), words, locale)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {objects.length === 0 && <p className="pt-empty">{t("layer.table.empty")}</p>}
    </div>
  );
}

/**
 * The objects of one layer and template (spec 3, "Object table"): the template choice, filters on text, list and
 * yes/no fields, 10 rows a page, the XLSX of what the filters keep and, for administrators, deleting every object
 * of the template after a confirmation that names how many.
 */
export function ObjectTable(props: ObjectTableProps) {
  useSignals();
  const { t, tf } = useT();
  const [store] = useState(() => createTableStore(props.layerId, props.templates, props.templateId, props.first));
  const [question, ask] = useConfirm();
  const [saveAnchor, save] = useSaveFile();
  useEffect(() => {
    if (!props.first) void store.load(0);
  }, []);
  const template = store.template.value;
  if (!template) return <p className="pt-empty">{t("layer.table.noTemplates")}</p>;
  const count = store.counts.value.get(template.id) ?? 0;
  const removeAll = async () => {
    const yes = await ask({ id: "pt-delete-confirm", title: t("layer.table.deleteTitle"), text: tf("layer.table.deleteText", { count, template: template.name }), confirm: t("layer.table.delete") });
    if (yes) await store.deleteAll();
  };
  return (
    <div className="pt">
      <div className="pt-bar">
        {props.templates.length > 1 && (
          <div className="field pt-template">
            <label htmlFor="pt-template">{t("layer.table.template")}</label>
            <select id="pt-template" value={template.id} onChange={(event) => store.choose(Number(event.target.value))}>
              {props.templates.map((x) => (
                <option key={x.id} value={x.id}>
                  {tf("layer.table.templateCount", { name: x.name, count: store.counts.value.get(x.id) ?? 0 })}
                </option>
              ))}
            </select>
          </div>
        )}
        <span className="pt-spacer" />
        <button type="button" className="btn btn--ghost" id="pt-export" onClick={() => void store.exportXlsx(save)}>
          <Icon path={mdiMicrosoftExcel} />
          {t("layer.table.export")}
        </button>
        <a className="btn btn--ghost" id="pt-export-geojson" href={`/api/layer-poi/geo-json?layerId=${props.layerId}`} download>
          <Icon path={mdiDownload} />
          {t("layer.table.exportGeoJson")}
        </a>
        {props.canAdmin && (
          <button type="button" className="btn btn--danger" id="pt-delete-all" aria-haspopup="dialog" disabled={count === 0} onClick={() => void removeAll()}>
            <Icon path={mdiDeleteSweepOutline} />
            {t("layer.table.deleteAll")}
          </button>
        )}
      </div>
      <ObjectFilters key={template.id} fields={filterableFields(template.fields)} onFilter={store.filter} />
      <Rows store={store} />
      <Pager store={store} />
      {question}
      {saveAnchor}
    </div>
  );
}
