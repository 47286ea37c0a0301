import type { CalcResult } from "../../src/modules/calc/presenter";

/** A number as people read it (up to 4 decimals, trailing zeros trimmed, as tables show them). */
const shown = (value: string | number | boolean | null, locale: string) =>
  typeof value === "number" ? value.toLocaleString(locale, { maximumFractionDigits: 4 }) : value === null ? "" : String(value);

/** The result of calc/invoke: the server's sanitised HTML, a table, or the value's text. */
export function CalcResultView({ result, locale }: { result: CalcResult; locale: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server (sanitize.ts, setting calcResult)
  if (result.kind === "html") return <div className="cv__html" dangerouslySetInnerHTML={{ __html: result.result }} />;
  if (result.kind === "text") return <pre className="cv__text">{result.result}</pre>;
  return (
    <div className="cv__table" tabIndex={0}>
      <table className="list">
        <thead>
          <tr>
            {result.result.headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.result.rows.map((row, r) => (
            <tr key={r}>
              {row.map((value, c) => (
                <td key={c}>{shown(value, locale)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
