import { describe, expect, test } from "bun:test";
import { planBlocks } from "./blocks";
import { decodeFloat, encodeFloat, floatPreview } from "./decode";
import { FLOAT_ORDERS } from "./kinds";

describe("FLOAT byte orders", () => {
  test("1.0 (0x3F800000) as each order sends it decodes to 1.0 in that order only", () => {
    const sent = { ABCD: [0x3f80, 0x0000], CDAB: [0x0000, 0x3f80], BADC: [0x803f, 0x0000], DCBA: [0x0000, 0x803f] } as const;
    for (const order of FLOAT_ORDERS) {
      expect(encodeFloat(1, order)).toEqual([...sent[order]]);
      expect(decodeFloat([...sent[order]], order)).toBe(1);
      const others = FLOAT_ORDERS.filter((other) => other !== order).map((other) => decodeFloat([...sent[order]], other));
      expect(others).not.toContain(1);
    }
  });

  test("the preview shows the registers read in all four orders", () => {
    expect(floatPreview(encodeFloat(-12.5, "CDAB"))).toMatchObject({ CDAB: -12.5 });
    expect(Object.keys(floatPreview([0, 0]))).toEqual(["ABCD", "CDAB", "BADC", "DCBA"]);
  });
});

describe("read blocks", () => {
  const field = (id: number, address: number, dataType: "WORD" | "FLOAT" | "BOOLEAN" = "WORD", registerKind: "HOLDING" | "INPUT" | "COIL" = "HOLDING") => ({ id, address, dataType, registerKind });

  test("adjacent and overlapping registers of one kind are read together; a gap or another kind starts a new read", () => {
    const blocks = planBlocks([field(1, 10), field(2, 11, "FLOAT"), field(3, 13), field(4, 20), field(5, 12, "WORD", "INPUT"), field(6, 13, "BOOLEAN", "COIL")]);
    expect(blocks.map(({ kind, start, count, fields }) => [kind, start, count, fields.map((f) => f.id)])).toEqual([
      ["COIL", 13, 1, [6]],
      ["HOLDING", 10, 4, [1, 2, 3]],
      ["HOLDING", 20, 1, [4]],
      ["INPUT", 12, 1, [5]],
    ]);
  });

  test("no read asks for more than 125 registers", () => {
    const fields = Array.from({ length: 200 }, (_, i) => field(i + 1, i * 2, "FLOAT"));
    const blocks = planBlocks(fields);
    expect(Math.max(...blocks.map((b) => b.count))).toBeLessThanOrEqual(125);
    expect(blocks.reduce((n, b) => n + b.fields.length, 0)).toBe(200);
    expect(blocks.length).toBe(4);
  });
});
