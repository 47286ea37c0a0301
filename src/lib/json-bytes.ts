/**
 * `value` as JSON bytes with `key` added last, its value JSON already encoded elsewhere (a worker's EncodedHtml):
 * a megabyte of text is copied into the answer, not serialised and encoded again on the event loop.
 */
export function jsonWithEncoded(value: Record<string, unknown>, key: string, encoded: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = JSON.stringify(value).slice(0, -1);
  const joint = head.length > 1 ? "," : "";
  return Buffer.concat([Buffer.from(`${head}${joint}${JSON.stringify(key)}:`), encoded, Buffer.from("}")]) as Uint8Array<ArrayBuffer>;
}
