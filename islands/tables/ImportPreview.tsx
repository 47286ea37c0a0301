import { useId } from "react";
import { useT } from "../lib/ui/i18n";
import type { Cell } from "./cells";

/** What table/preview answers: nothing is stored yet. */
export interface PreviewAnswer {
  headers: string[];
  rows: Cell[][];
  totalRows: number;
  /** CSV only. */
  encoding?: string;
  delimiter?: string;
}

const SEPARATORS: Record<string, "table.import.comma" | "table.import.semicolon" | "table.import.tab"> = {
  ",": "table.import.comma",
  ";": "table.import.semicolon",
  "\t": "table.import.tab",
};

/** The file as the server read it: how many rows, the encoding and separator it found (CSV), the headers and first rows. */
export function ImportPreview({ answer }: { answer: PreviewAnswer }) {
  const { t, tf } = useT();
  const title = useId();
  const separator = answer.delimiter === undefined ? undefined : SEPARATORS[answer.delimiter];
  const facts = [
    tf("table.import.rows", { n: answer.totalRows, shown: answer.rows.length }),
    answer.encoding === undefined ? "" : tf("table.import.encoding", { encoding: answer.encoding }),
    answer.delimiter === undefined ? "" : tf("table.import.separator", { separator: separator ? t(separator) : answer.delimiter }),
  ];
  return (
    <section className="ti__preview" aria-labelledby={title}>
      <h3 id={title}>{t("table.import.preview")}</h3>
      <p className="dl-muted">{facts.filter(Boolean).join(" · ")}</p>
      <div className="ti__scroll" tabIndex={0} role="region" aria-labelledby={title}>
        <table className="list">
          <thead>
            <tr>
              {answer.headers.map((header, i) => (
                <th key={i} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row, r) => (
              <tr key={r}>
                {answer.headers.map((_, i) => (
                  <td key={i}>{row[i] === null || row[i] === undefined ? "" : String(row[i])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
