// Texts and queries for the full-text benchmark (search-bench.ts): a vocabulary of ~30,000 words
// (function words, real Russian, Spanish and English words, the rest made of syllables), drawn
// Zipf-like (the word of rank r about 1/r as often as the first), so a few words are in nearly every
// text and most are in a few hundred.

/** The most common words, most common first: the function words stop-listed in fulltext-stems.ts and a few that are not. */
const COMMON = "the и de la of в and el на que to y in en los a не is por что para for las с on по un with del это una as к se at".split(" ");

/** Real words, each with another form of it a query uses (Russian cases, Spanish and English plurals). */
const FORMS: [text: string, query: string][] = [
  ["кандидат", "кандидатов"], ["отчёт", "отчёта"], ["устройство", "устройства"], ["скважина", "скважины"], ["насос", "насосов"],
  ["мост", "мосту"], ["смета", "сметы"], ["проект", "проекта"], ["работа", "работы"], ["станция", "станции"], ["дорога", "дороги"],
  ["трубопровод", "трубопровода"], ["давление", "давления"], ["измерение", "измерений"], ["участок", "участка"], ["договор", "договора"],
  ["обследование", "обследования"], ["оборудование", "оборудования"], ["ремонт", "ремонта"], ["бетон", "бетона"],
  ["casa", "casas"], ["puente", "puentes"], ["río", "ríos"], ["informe", "informes"], ["bomba", "bombas"], ["estación", "estaciones"],
  ["camino", "caminos"], ["tubería", "tuberías"], ["medición", "mediciones"], ["contrato", "contratos"], ["obra", "obras"], ["pozo", "pozos"],
  ["presupuesto", "presupuestos"], ["reparación", "reparaciones"], ["válvula", "válvulas"], ["muestra", "muestras"],
  ["bridge", "bridges"], ["pump", "pumps"], ["survey", "surveys"], ["river", "rivers"], ["sensor", "sensors"], ["inspection", "inspections"],
  ["corrosion", "corroded"], ["pier", "piers"], ["valve", "valves"], ["pipeline", "pipelines"], ["estimate", "estimates"], ["contract", "contracts"],
  ["measurement", "measurements"], ["repair", "repairs"], ["sample", "samples"], ["station", "stations"],
];

const SYLLABLES = {
  cyrillic: "ка ро ми на те ло ва ре ду ст пр ин ов ен ал ор ко ти ль ск ря жи щу бо пе зе".split(" "),
  latin: "ca ro mi na te lo va re du st pr in ov en al or co ti le sc ra ji qu bo pe ze ar ul es".split(" "),
};

interface Corpus {
  /** A text of about `characters` characters: sentences of words drawn by rank. */
  text(characters: number): string;
  /** A query of the kind named, as the words of the query box. */
  query(kind: QueryKind): string[];
}

export const QUERY_KINDS = ["one rare word", "two words", "common word + rare word", "Russian word form", "Spanish plural", "one common word"] as const;
type QueryKind = (typeof QUERY_KINDS)[number];

/** The corpus for `rnd` (a seeded random number generator): the same seed gives the same texts and queries. */
export function corpus(rnd: () => number, size = 30_000): Corpus {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const seen = new Set<string>([...COMMON, ...FORMS.flat()]);
  const made: string[] = [];
  while (made.length < size - COMMON.length - FORMS.length) {
    const syllables = rnd() < 0.4 ? SYLLABLES.cyrillic : SYLLABLES.latin;
    const word = Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(syllables)).join("");
    if (!seen.has(word)) made.push(word);
    seen.add(word);
  }
  // The real words at ranks 40 to 3,000 among the made ones; made words fill the long tail.
  const words = [...COMMON, ...made];
  for (const [form] of FORMS) words.splice(COMMON.length + Math.floor(rnd() * 3000), 0, form);
  const cumulative = new Float64Array(words.length);
  let sum = 0;
  for (let rank = 0; rank < words.length; rank++) cumulative[rank] = sum += 1 / (rank + 1);
  const draw = () => {
    const target = rnd() * sum;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const rankRange = (from: number, to: number) => words[from + Math.floor(rnd() * (to - from))]!;
  return {
    text(characters) {
      let out = "";
      while (out.length < characters) {
        const sentence = Array.from({ length: 6 + Math.floor(rnd() * 12) }, () => draw());
        sentence[0] = sentence[0]![0]!.toUpperCase() + sentence[0]!.slice(1);
        out += `${sentence.join(" ")}${rnd() < 0.2 ? "," : "."} `;
      }
      return out.trim();
    },
    query(kind) {
      if (kind === "one rare word") return [rankRange(3000, words.length)];
      if (kind === "two words") return [rankRange(100, 3000), rankRange(100, 3000)];
      if (kind === "common word + rare word") return [rankRange(COMMON.length, 100), rankRange(3000, words.length)];
      if (kind === "Russian word form") return [pick(FORMS.slice(0, 20))[1]];
      if (kind === "Spanish plural") return [pick(FORMS.slice(20, 36))[1]];
      return [rankRange(COMMON.length, 100)];
    },
  };
}
