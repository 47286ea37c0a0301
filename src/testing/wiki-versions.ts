/**
 * An article of `words` words (Russian and English) in paragraphs of 50, and its next version with every
 * 20th word replaced by «изменено»: the compare's test and benchmark input.
 */
export function articleVersions(words: number): [string, string] {
  const vocabulary = ["мост", "опора", "пролёт", "коррозия", "осмотр", "bridge", "pier", "inspection"];
  const paragraph = (p: number, changed: boolean) =>
    `<p>${Array.from({ length: 50 }, (_, i) => (changed && i % 20 === 7 ? "изменено" : vocabulary[(p * 7 + i * 3) % vocabulary.length])).join(" ")}.</p>`;
  const count = Math.ceil(words / 50);
  return [Array.from({ length: count }, (_, p) => paragraph(p, false)).join(""), Array.from({ length: count }, (_, p) => paragraph(p, true)).join("")];
}
