/**
 * A report's embedded data: `[DATA-12]` in its text names data item 12 (spec 2, "Report"). Shared by
 * the server (export) and the viewer (islands/reports), so both read placeholders the same way.
 */
export const PLACEHOLDER = /\[DATA-([1-9][0-9]{0,14})\]/g;

/** The placeholder text for an item. */
export const placeholderOf = (dataId: number) => `[DATA-${dataId}]`;

/** The distinct ids a text names, in order of first appearance. */
export const placeholderIds = (text: string): number[] => [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => Number(match[1])))];
