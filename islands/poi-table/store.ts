import { signal } from "@preact/signals-react";
import { errorText } from "../lib/failures";
import { tf } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";

/** The templates a layer offers, as layer/get-poi-templates answers them. */
const offeredTemplates = (layerId: number) => call(server.layer["get-poi-templates"].get({ query: { layerId } }));
type Template = Awaited<ReturnType<typeof offeredTemplates>>["poiTemplates"][number];
/** A template of the table with its objects on the layer counted. */
export type TableTemplate = Template & { count: number };
export type Field = Template["fields"][number];

const filterPage = (layerId: number, templateId: number, body: { page: number; rowsPerPage: number; layerPoiCriteria: Criterion[] }) =>
  call(server["layer-poi"].filter.post(body, { query: { layerId, templateId } }));
export type ObjectPage = Awaited<ReturnType<typeof filterPage>>;
export type Criterion = { fieldId: number; dataType: "STRING" | "LIST" | "BOOLEAN"; value: string | boolean };

/** Spec 3, section 9: object tables show 10 rows a page. */
export const PAGE_SIZE = 10;

/** The templates a layer's table offers: those the layer offers, counted through the layer's counts. */
export async function loadTableTemplates(projectId: number, layerId: number): Promise<TableTemplate[]> {
  const [offered, layers] = await Promise.all([offeredTemplates(layerId), call(server.layer["get-layers-with-poi"].get({ query: { projectId } }))]);
  const counts = layers.find((entry) => entry.layer.id === layerId)?.countByPoiTemplates ?? [];
  return offered.poiTemplates.map((template) => ({ ...template, count: counts.find((c) => c.templateId === template.id)?.count ?? 0 }));
}

/**
 * One object table's state and actions (poi-table, spec 3): the template shown, its filters, the page and its rows,
 * the XLSX export and deleting every object of the template.
 */
export function createTableStore(layerId: number, templates: TableTemplate[], templateId: number | undefined, first?: ObjectPage) {
  const template = signal<TableTemplate | undefined>(templates.find((x) => x.id === templateId) ?? templates[0]);
  const counts = signal(new Map(templates.map((x) => [x.id, x.count])));
  const page = signal(0);
  const rows = signal<ObjectPage>(first ?? { content: [], totalElements: 0 });
  const criteria = signal<Criterion[]>([]);
  const loading = signal(false);
  let asked = 0;

  async function load(at: number) {
    const shown = template.value;
    if (!shown) return;
    const ask = ++asked;
    loading.value = true;
    try {
      const answer = await filterPage(layerId, shown.id, { page: at, rowsPerPage: PAGE_SIZE, layerPoiCriteria: criteria.value });
      if (ask !== asked) return;
      rows.value = answer;
      page.value = at;
    } catch (error) {
      snack(errorText(error), "error");
    } finally {
      if (ask === asked) loading.value = false;
    }
  }

  return {
    template,
    counts,
    page,
    rows,
    criteria,
    loading,
    load,
    choose(id: number) {
      template.value = templates.find((x) => x.id === id);
      criteria.value = [];
      void load(0);
    },
    filter(next: Criterion[]) {
      criteria.value = next;
      void load(0);
    },
    /** The objects the filters keep, as the server's workbook. */
    async exportXlsx(save: (blob: Blob, name: string) => void) {
      const shown = template.value;
      if (!shown) return;
      try {
        const book = await call(server["layer-poi"].export.xlsx.post({ layerPoiCriteria: criteria.value }, { query: { layerId, templateId: shown.id } }));
        save(book as unknown as Blob, `${shown.name}.xlsx`);
      } catch (error) {
        snack(errorText(error), "error");
      }
    },
    /** Deletes every object of the template on the layer (ADMIN); the count comes back in the message. */
    async deleteAll() {
      const shown = template.value;
      if (!shown) return;
      try {
        const { count } = await call(server["layer-poi"]["delete-by-template"].delete({}, { query: { layerId, templateId: shown.id } }));
        counts.value = new Map(counts.value).set(shown.id, 0);
        snack(tf("layer.table.deleted", { count }), "success");
        await load(0);
      } catch (error) {
        snack(errorText(error), "error");
      }
    },
  };
}

export type TableStore = ReturnType<typeof createTableStore>;
