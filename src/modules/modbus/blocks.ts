import type { FieldType, RegisterKind } from "./kinds";

/** The most registers one Modbus read may ask for (the protocol's limit for registers; coils allow more, we keep one limit). */
export const MAX_BLOCK = 125;

/** What the poller needs of a field to read it. */
export interface ReadableField {
  id: number;
  address: number;
  dataType: FieldType;
  registerKind: RegisterKind;
}

/** One read: `count` registers (or bits) of `kind` from `start`, and the fields it carries. */
export interface ReadBlock<F extends ReadableField = ReadableField> {
  kind: RegisterKind;
  start: number;
  count: number;
  fields: F[];
}

/** How many registers a field spans: a FLOAT two, anything else one. */
export const widthOf = (field: Pick<ReadableField, "dataType" | "registerKind">) => (field.dataType === "FLOAT" && (field.registerKind === "HOLDING" || field.registerKind === "INPUT") ? 2 : 1);

/**
 * The reads that cover every field: per register kind, fields whose registers touch or overlap are read together,
 * at most MAX_BLOCK registers a read. Gaps are never read across (a device may refuse an address it does not have).
 */
export function planBlocks<F extends ReadableField>(fields: F[]): ReadBlock<F>[] {
  const blocks: ReadBlock<F>[] = [];
  const sorted = [...fields].sort((a, b) => a.registerKind.localeCompare(b.registerKind) || a.address - b.address);
  let current: ReadBlock<F> | undefined;
  for (const field of sorted) {
    const end = field.address + widthOf(field);
    const fits = current && current.kind === field.registerKind && field.address <= current.start + current.count && end - current.start <= MAX_BLOCK;
    if (current && fits) {
      current.count = Math.max(current.count, end - current.start);
      current.fields.push(field);
    } else {
      current = { kind: field.registerKind, start: field.address, count: end - field.address, fields: [field] };
      blocks.push(current);
    }
  }
  return blocks;
}
