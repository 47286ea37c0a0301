import type { Db } from "../../../db/client";
import type { Locale } from "../../lib/i18n";
import { dataTypeOf } from "../../data-types";
import { requirePublicItem } from "./policy";
import type { PresentedPublicData } from "./presenter";

/** Rows of a public table per page (the page renders the first on the server). */
export const PUBLIC_ROWS = 50;

/**
 * public-data/get and the public data page: a public item's name, description and read-only content. A chart
 * comes with its drawing when its table is public too (the charts feature computes it). The side panel of
 * layers comes with maps. Each type's plugin gives its part.
 */
export async function publicData(db: Db, key: string | undefined, locale: Locale, page = 0): Promise<{ etag: string; answer: PresentedPublicData }> {
  const item = requirePublicItem(db, key);
  const answer: PresentedPublicData = {
    id: item.id,
    name: item.name,
    description: item.description,
    dataType: item.dataType,
    icon: item.icon,
    table: null,
    document: null,
    report: null,
    chart: null,
    ...(await dataTypeOf(item.dataType).publicPart?.(db, item, { page, rowsPerPage: PUBLIC_ROWS, locale })),
  };
  return { etag: `"p${item.id}-${Bun.hash(JSON.stringify(answer)).toString(36)}"`, answer };
}
