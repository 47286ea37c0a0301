import { useEffect, useState } from "react";
import { isUrlHeader } from "../../src/modules/tables/cells";
import { call, server } from "../lib/server";
import { TYPE_ICONS } from "../lib/type-icons";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

/** Rows of a table shown in its preview. */
const PREVIEW_ROWS = 3;

type Cell = string | number | null;
type Preview =
  | { state: "loading" }
  | { state: "unavailable" }
  | { state: "shown"; name: string; dataType: "TABLE" | "CHART"; table?: { headers: string[]; rows: Cell[][] }; image?: string };

/** What the editor shows of item `dataId`: its name and type, and a table's first rows or a chart's picture. */
async function loadPreview(dataId: number): Promise<Preview> {
  const item = await call(server.data.get.get({ query: { id: dataId } }));
  if (item.dataType !== "TABLE" && item.dataType !== "CHART") return { state: "unavailable" };
  if (item.dataType === "CHART") {
    // A chart that cannot be drawn (its table or a column gone) is still named.
    const image = await (await import("../charts/image")).chartImage(dataId, 480, 240).catch(() => undefined);
    return { state: "shown", name: item.name, dataType: "CHART", image };
  }
  const page = await call(server.table["get-table"]({ id: dataId }).get({ query: { page: 0, rowsPerPage: PREVIEW_ROWS } }));
  const shown = page.headers.filter((h) => !isUrlHeader(h.name));
  return { state: "shown", name: item.name, dataType: "TABLE", table: { headers: shown.map((h) => h.name), rows: page.items.map((row) => shown.map((h) => row[h.field] ?? null)) } };
}

/**
 * An embedded table or chart as the report editor shows it in place of its placeholder: the type's icon, the
 * item's name and type, and a small preview; an item the editor cannot read is the viewer's neutral note.
 */
export function EmbedPreview({ dataId }: { dataId: number }) {
  const { t, locale } = useT();
  const [preview, setPreview] = useState<Preview>({ state: "loading" });
  useEffect(() => {
    let gone = false;
    loadPreview(dataId).then(
      (loaded) => !gone && setPreview(loaded),
      () => !gone && setPreview({ state: "unavailable" }),
    );
    return () => {
      gone = true;
    };
  }, [dataId]);
  if (preview.state === "unavailable") return <p className="rp-embed__none">{t("report.unavailable")}</p>;
  if (preview.state === "loading") return <p className="rp-embed__none" aria-busy="true" />;
  const kind = t(`report.kind.${preview.dataType}`);
  const cell = (value: Cell) => (typeof value === "number" ? value.toLocaleString(locale) : (value ?? ""));
  return (
    <figure className="rp-embed__card" data-data-id={dataId}>
      <figcaption>
        <Icon path={TYPE_ICONS[preview.dataType]} />
        <span className="rp-embed__name">{preview.name}</span>
        <span className="rp-embed__kind">{kind}</span>
      </figcaption>
      {preview.image && <img src={preview.image} alt={preview.name} />}
      {preview.table && (
        <table>
          <thead>
            <tr>
              {preview.table.headers.map((header, i) => (
                <th key={i}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((value, c) => (
                  <td key={c}>{cell(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
