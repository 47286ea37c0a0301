import { deflateSync } from "node:zlib";
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from "docx";

export interface SampleSection {
  heading: string;
  paragraphs: string[];
  /** A PNG shown under the heading, 480 x 320 px. */
  picture?: Uint8Array;
}

/** A real DOCX with headings, paragraphs and pictures, for demo data and tests. */
export async function makeDocx(title: string, sections: SampleSection[]): Promise<Uint8Array> {
  const children = [new Paragraph({ text: title, heading: HeadingLevel.TITLE })];
  for (const section of sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    if (section.picture) {
      children.push(new Paragraph({ children: [new ImageRun({ type: "png", data: section.picture, transformation: { width: 480, height: 320 } })] }));
    }
    for (const text of section.paragraphs) children.push(new Paragraph({ children: [new TextRun(text)] }));
  }
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");

/**
 * A small valid PDF (one page per entry, Helvetica text lines) written by hand: the byte
 * offsets in its cross-reference table are computed, so viewers open it without repair.
 */
export function makePdf(pages: string[][]): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  pages.forEach((lines, i) => {
    const text = lines.map((line, n) => `BT /F1 14 Tf 72 ${760 - n * 22} Td (${escapePdf(line)}) Tj ET`).join("\n");
    objects[pageIds[i]] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  });
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function pngChunk(type: string, data: Uint8Array) {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/**
 * A valid PNG, `width` x `height` pixels, written by hand: of one colour (a chart picture of a known size
 * for tests), or with `noise` as grainy as a photograph, so it weighs what a real picture does.
 */
export function makePng(width: number, height: number, [r, g, b] = [51, 102, 204], noise = 0): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const row = [0, ...Array.from({ length: width }, () => [r, g, b]).flat()];
  const pixels = new Uint8Array(row.length * height);
  let state = 1;
  for (let y = 0; y < height; y++) {
    pixels.set(row, y * row.length);
    for (let x = 1; noise && x < row.length; x++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      pixels[y * row.length + x] = Math.max(0, Math.min(255, row[x] + ((state >> 16) % (2 * noise)) - noise));
    }
  }
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(pixels)), pngChunk("IEND", new Uint8Array())];
  return new Uint8Array(Buffer.concat(parts));
}
