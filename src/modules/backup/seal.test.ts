import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { HEADER_BYTES, openStream, SealError, sealHeader, sealStream } from "./seal";

const key = randomBytes(32);
const params = { memoryKiB: 65_536, iterations: 3, parallelism: 1, salt: randomBytes(16) };

async function collect(stream: NodeJS.ReadWriteStream, input: Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  // Fed in uneven pieces, as a file stream would.
  for (let at = 0; at < input.length; at += 300_001) stream.write(input.subarray(at, at + 300_001));
  stream.end();
  await done;
  return Buffer.concat(chunks);
}

const seal = (plain: Buffer) => collect(sealStream(key, sealHeader(params, key)), plain);
const open = (sealed: Buffer, withKey = key) => collect(openStream(withKey, sealed.subarray(0, HEADER_BYTES)), sealed.subarray(HEADER_BYTES));

/** Start offsets of the records after the header (final flag, u32 length, nonce, body, tag). */
function records(sealed: Buffer): number[] {
  const starts: number[] = [];
  for (let at = HEADER_BYTES; at < sealed.length; at += 1 + 4 + 12 + sealed.readUInt32BE(at + 1) + 16) starts.push(at);
  return starts;
}

describe("the sealed stream (AES-256-GCM records)", () => {
  const plain = randomBytes(2.5 * 1024 * 1024);

  test("round-trips across several records and hides the bytes", async () => {
    const sealed = await seal(plain);
    expect(records(sealed)).toHaveLength(3);
    expect(sealed.includes(plain.subarray(1000, 1032))).toBe(false);
    expect((await open(sealed)).equals(plain)).toBe(true);
  });

  test("an empty stream still has its final record", async () => {
    const sealed = await seal(Buffer.alloc(0));
    expect(records(sealed)).toHaveLength(1);
    expect((await open(sealed)).length).toBe(0);
  });

  test("a wrong key is told apart from damage", () => {
    expect(() => openStream(randomBytes(32), sealHeader(params, key))).toThrow(expect.objectContaining({ wrongKey: true }));
  });

  test("an archive cut after a whole record is truncated", async () => {
    const sealed = await seal(plain);
    const [, second] = records(sealed);
    await expect(open(sealed.subarray(0, second))).rejects.toThrow("truncated");
  });

  test("records swapped, a record dropped, a byte of the header or a body changed: each fails its check", async () => {
    const sealed = await seal(plain);
    const [first, second, third] = records(sealed);
    const swapped = Buffer.concat([sealed.subarray(0, first), sealed.subarray(second, third), sealed.subarray(first, second), sealed.subarray(third)]);
    const dropped = Buffer.concat([sealed.subarray(0, second), sealed.subarray(third)]);
    const header = Buffer.from(sealed);
    header[20] ^= 1; // a byte of the salt: not the key check, so only the records' associated data notices
    const body = Buffer.from(sealed);
    body[second + 100] ^= 1;
    for (const damaged of [swapped, dropped, header, body]) {
      await expect(open(damaged)).rejects.toBeInstanceOf(SealError);
    }
  });

  test("bytes after the final record are refused", async () => {
    const sealed = await seal(Buffer.from("short"));
    await expect(open(Buffer.concat([sealed, sealed.subarray(HEADER_BYTES)]))).rejects.toThrow("after its last record");
  });
});
