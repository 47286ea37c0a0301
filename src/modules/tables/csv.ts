import Papa from "papaparse";
import { numberIn, type Cell } from "./cells";
import { type ParsedTable, RowCollector, refuse } from "./collect";

const brokenEncoding = (encoding: string) => refuse("csv_encoding_invalid", `The file is not valid ${encoding}`);

function strictDecode(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw brokenEncoding(encoding);
  }
}

/** More characters decoded as UTF-8 than bytes that are not: UTF-8 with damaged bytes, not a Windows-1251 text (whose letters are rarely valid UTF-8). */
function damagedUtf8(bytes: Uint8Array): boolean {
  let decoded = 0;
  let invalid = 0;
  for (const char of new TextDecoder("utf-8").decode(bytes)) {
    if (char === "\uFFFD") invalid++;
    else if (char.charCodeAt(0) > 0x7f) decoded++;
  }
  return decoded > invalid;
}

/**
 * The text of a CSV's bytes and the encoding it was in: a byte order mark names UTF-8 or UTF-16,
 * and bytes that break it are refused; without one, UTF-8 when the bytes are valid UTF-8, else
 * Windows-1251 (what Excel on a Russian Windows saves as "CSV"), unless they are mostly UTF-8 with a
 * few damaged bytes: refused rather than read as nonsense.
 */
function decodeCsv(bytes: Uint8Array): { text: string; encoding: string } {
  const starts = (...head: number[]) => head.every((b, i) => bytes[i] === b);
  let decoded: { text: string; encoding: string };
  if (starts(0xef, 0xbb, 0xbf)) decoded = { text: strictDecode(bytes.subarray(3), "utf-8"), encoding: "UTF-8" };
  else if (starts(0xff, 0xfe)) decoded = { text: strictDecode(bytes.subarray(2), "utf-16le"), encoding: "UTF-16LE" };
  else if (starts(0xfe, 0xff)) decoded = { text: strictDecode(bytes.subarray(2), "utf-16be"), encoding: "UTF-16BE" };
  else {
    try {
      decoded = { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
    } catch {
      if (damagedUtf8(bytes)) throw brokenEncoding("UTF-8");
      decoded = { text: new TextDecoder("windows-1251").decode(bytes), encoding: "windows-1251" };
    }
  }
  // Text has no NUL characters: these are the bytes of something else (an image, an archive) named .csv.
  if (decoded.text.includes("\u0000")) throw refuse("file_unreadable", "The file is not text");
  return decoded;
}

const DELIMITERS = [",", ";", "\t"];
const SAMPLE_CHARS = 64 * 1024;

/**
 * The separator: of comma, semicolon and tab, the one found outside quotes on the sample's first
 * lines the same number of times, and most often; a file with none of them is one column.
 */
function detectDelimiter(text: string): string {
  const sample = text.slice(0, SAMPLE_CHARS);
  let best = ",";
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts: number[] = [];
    let count = 0;
    let quoted = false;
    for (let i = 0; i < sample.length && counts.length < 20; i++) {
      const c = sample[i];
      if (c === '"') quoted = !quoted;
      else if (!quoted && c === delimiter) count++;
      else if (!quoted && c === "\n") {
        counts.push(count);
        count = 0;
      }
    }
    if (count || !counts.length) counts.push(count);
    const first = counts[0];
    if (!first) continue;
    // Lines that agree with the first one count; a separator seen in every line beats one seen in some.
    const score = counts.filter((n) => n === first).length * 1000 + first;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * A CSV's rows as cells: numbers become numbers (a decimal comma too when the separator is not a
 * comma, as in "3,5" of a semicolon CSV), everything else stays text; dates stay text as written.
 */
export function parseCsv(bytes: Uint8Array, keep: number): ParsedTable {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  const comma = delimiter !== ",";
  const collector = new RowCollector(keep);
  let failure: Error | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: true,
    step: (result, parser) => {
      try {
        // A quote never closed runs to the end of the file as one value: the rest would be lost in it.
        const quote = result.errors.find((error) => error.type === "Quotes");
        if (quote) throw refuse("csv_quote_broken", `Row ${quote.row ?? "?"}: ${quote.message}`);
        collector.add(collector.headers ? result.data.map((value): Cell => (value === "" ? null : (numberIn(value, comma) ?? value))) : result.data);
      } catch (error) {
        failure = error as Error;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  return collector.result({ encoding, delimiter });
}
