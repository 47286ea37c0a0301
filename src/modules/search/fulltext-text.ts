/** Named entities a sanitised HTML body may hold; numeric ones are decoded by number. */
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const decode = (entity: string) => {
  const name = entity.slice(1, -1);
  if (name[0] !== "#") return NAMED[name.toLowerCase()] ?? entity;
  const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
};

/**
 * The readable text of stored HTML (an article, a task description, a converted DOCX; all sanitised on
 * the way in): styles and scripts dropped, every tag a space so words of adjacent blocks stay apart,
 * entities decoded, runs of white space made one.
 */
export const textOfHtml = (html: string) =>
  html
    .replace(/<(style|script)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, decode)
    .replace(/\s+/g, " ")
    .trim();
