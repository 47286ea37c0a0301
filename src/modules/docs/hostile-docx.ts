import { once } from "node:events";
import { createDeflateRaw, crc32, deflateRawSync } from "node:zlib";
import { inflateEntry, readZipDirectory } from "../../lib/zip";
import { makeDocx } from "../../lib/sample-documents";

/** Test fixtures: hostile DOCX files (zip bombs, lying sizes, deep XML) written by a minimal zip writer. */

interface FixtureEntry {
  name: string;
  /** The entry's bytes, produced in chunks so hundreds of MB never sit in memory at once. */
  chunks: () => Iterable<Uint8Array>;
  /** What the headers claim the entry inflates to, when it should lie. */
  declaredSize?: number;
}

async function deflate(chunks: Iterable<Uint8Array>) {
  let crc = 0;
  let size = 0;
  const iterator = chunks[Symbol.iterator]();
  // Small entries in one go; big ones through a stream, so they never sit in memory whole.
  const head: Uint8Array[] = [];
  let next = iterator.next();
  for (; !next.done && size < 4 * 1024 * 1024; next = iterator.next()) {
    head.push(next.value);
    crc = crc32(next.value, crc);
    size += next.value.byteLength;
  }
  if (next.done) return { data: deflateRawSync(Buffer.concat(head), { level: 9 }), crc, size };
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => out.push(chunk));
  for (const chunk of head) deflater.write(chunk);
  for (; !next.done; next = iterator.next()) {
    crc = crc32(next.value, crc);
    size += next.value.byteLength;
    if (!deflater.write(next.value)) await once(deflater, "drain");
  }
  deflater.end();
  await once(deflater, "end");
  return { data: Buffer.concat(out), crc, size };
}

/** A zip whose entries are deflated; each header states `declaredSize` where given, else the truth. */
export async function writeZip(entries: FixtureEntry[]): Promise<Uint8Array> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { data, crc, size } = await deflate(entry.chunks());
    const declared = entry.declaredSize ?? size;
    const header = (central: boolean) => {
      const h = Buffer.alloc(central ? 46 : 30);
      let p = 0;
      h.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, p);
      p += 4;
      if (central) (h.writeUInt16LE(20, p), (p += 2));
      h.writeUInt16LE(20, p); // version needed
      h.writeUInt16LE(0, p + 2); // flags
      h.writeUInt16LE(8, p + 4); // deflate
      h.writeUInt32LE(0, p + 6); // time, date
      h.writeUInt32LE(crc >>> 0, p + 10);
      h.writeUInt32LE(data.byteLength, p + 14);
      h.writeUInt32LE(declared, p + 18);
      h.writeUInt16LE(name.byteLength, p + 22);
      if (central) h.writeUInt32LE(offset, 42);
      return h;
    };
    locals.push(header(false), name, data);
    centrals.push(header(true), name);
    offset += 30 + name.byteLength + data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const encoder = new TextEncoder();

/** A valid DOCX (from the `docx` package) with its word/document.xml replaced by the given chunks. */
async function docxWithBody(chunks: () => Iterable<Uint8Array>, declaredSize?: number): Promise<Uint8Array> {
  const base = await makeDocx("Fixture", [{ heading: "Fixture", paragraphs: ["text"] }]);
  const entries = await readZipDirectory((start, end) => base.subarray(start, end), base.byteLength);
  return writeZip(
    entries.map((entry) =>
      entry.name === "word/document.xml"
        ? { name: entry.name, chunks, declaredSize }
        : { name: entry.name, chunks: () => [inflateEntry(base, entry)] },
    ),
  );
}

/**
 * A zip bomb: a DOCX whose document.xml inflates to `megabytes` MB of repeated paragraphs.
 * With `lie`, its headers claim the part is 50 KB, so only inflating it shows the truth.
 */
export function zipBombDocx(megabytes: number, { lie = false } = {}): Promise<Uint8Array> {
  const paragraph = `<w:p><w:r><w:t>${"All work and no play. ".repeat(40)}</w:t></w:r></w:p>`;
  const block = encoder.encode(paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length)));
  return docxWithBody(
    function* () {
      yield encoder.encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>`);
      for (let i = 0; i < megabytes; i++) yield block;
      yield encoder.encode("</w:body></w:document>");
    },
    lie ? 50_000 : undefined,
  );
}

/** A DOCX whose document.xml nests `depth` content controls (2 × depth elements) inside one another. */
export function deepXmlDocx(depth: number): Promise<Uint8Array> {
  return docxWithBody(function* () {
    yield encoder.encode(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p><w:r><w:t>deep</w:t></w:r></w:p>`);
    yield encoder.encode("<w:sdt><w:sdtContent>".repeat(depth));
    yield encoder.encode("</w:sdtContent></w:sdt>".repeat(depth));
    yield encoder.encode("</w:body></w:document>");
  });
}

/** An honest but heavy DOCX: `megabytes` MB of varied words (they compress only ~3:1), slow to convert. */
export function heavyDocx(megabytes: number): Promise<Uint8Array> {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const words = Array.from({ length: 5000 }, () => Array.from({ length: 3 + Math.floor(random() * 8) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join(""));
  return docxWithBody(function* () {
    yield encoder.encode(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>`);
    for (let i = 0; i < megabytes; i++) {
      let block = "";
      while (block.length < 1024 * 1024) block += `<w:p><w:r><w:t>${Array.from({ length: 30 }, () => words[Math.floor(random() * words.length)]).join(" ")}</w:t></w:r></w:p>`;
      yield encoder.encode(block);
    }
    yield encoder.encode("</w:body></w:document>");
  });
}
