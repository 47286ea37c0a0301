import { FLOAT_ORDERS, type FloatOrder } from "./kinds";

/** Where each of the big-endian bytes A B C D sits in the two registers as the device sends them, per order. */
const BYTE_PLACES: Record<FloatOrder, [number, number, number, number]> = {
  ABCD: [0, 1, 2, 3],
  CDAB: [2, 3, 0, 1],
  BADC: [1, 0, 3, 2],
  DCBA: [3, 2, 1, 0],
};

/** The FLOAT that two registers (as read, first register first) hold when the device writes its bytes in `order`. */
export function decodeFloat(registers: [number, number], order: FloatOrder): number {
  const sent = [registers[0] >> 8, registers[0] & 0xff, registers[1] >> 8, registers[1] & 0xff];
  const bytes = new DataView(new ArrayBuffer(4));
  BYTE_PLACES[order].forEach((place, i) => bytes.setUint8(i, sent[place]!));
  return bytes.getFloat32(0);
}

/** The two registers a device that writes its bytes in `order` sends for `value` (the simulated devices of tests and the demo). */
export function encodeFloat(value: number, order: FloatOrder): [number, number] {
  const bytes = new DataView(new ArrayBuffer(4));
  bytes.setFloat32(0, value);
  const sent = [0, 0, 0, 0];
  BYTE_PLACES[order].forEach((place, i) => (sent[place] = bytes.getUint8(i)));
  return [(sent[0]! << 8) | sent[1]!, (sent[2]! << 8) | sent[3]!];
}

/** The two registers read in every byte order, so a person can see which one gives a sensible value. */
export const floatPreview = (registers: [number, number]) =>
  Object.fromEntries(FLOAT_ORDERS.map((order) => [order, decodeFloat(registers, order)])) as Record<FloatOrder, number>;
