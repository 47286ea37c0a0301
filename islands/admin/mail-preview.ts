import { fillPlaceholders } from "../../src/lib/placeholders";

/** Values a preview fills a template's placeholders with, so it reads as a mail a person gets. */
const SAMPLE_VALUES: Record<string, string> = {
  firstName: "Anna",
  lastName: "Petrova",
  login: "anna.petrova",
  email: "anna.petrova@example.com",
  oldEmail: "anna@example.com",
  newEmail: "anna.petrova@example.com",
  changedBy: "admin",
  chatName: "Bridge crew",
  issueName: "Inspect the bearings on span 2",
  dueDate: "15.12.2026",
};

const NAMES = /\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g;

/** The placeholders `texts` use that the kind does not have (`known`): they would be sent empty. Each once, in order. */
export const unknownPlaceholders = (texts: string[], known: readonly string[]): string[] =>
  [...new Set(texts.flatMap((text) => [...text.matchAll(NAMES)].map((match) => match[1]!)))].filter((name) => !known.includes(name));

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The template's HTML with each placeholder the kind has filled with a sample value (a link to `origin` for url), as the mail would read. */
export const previewHtml = (html: string, known: readonly string[], origin: string): string =>
  fillPlaceholders(html, Object.fromEntries(known.map((name) => [name, name === "url" ? `${origin}/` : (SAMPLE_VALUES[name] ?? name)])), escapeHtml);
