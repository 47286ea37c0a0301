/** STOMP 1.2 frames as they travel over one WebSocket message each. */
export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export class FrameError extends Error {}

const CLIENT_COMMANDS = new Set([
  "CONNECT", "STOMP", "SEND", "SUBSCRIBE", "UNSUBSCRIBE", "ACK", "NACK", "BEGIN", "COMMIT", "ABORT", "DISCONNECT",
]);

const MAX_HEADERS = 64;

const unescapeHeader = (value: string) =>
  value.replace(/\\(.)/g, (_, c: string) => {
    if (c === "n") return "\n";
    if (c === "r") return "\r";
    if (c === "c") return ":";
    if (c === "\\") return "\\";
    throw new FrameError(`bad escape \\${c} in a header`);
  });

const escapeHeader = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/:/g, "\\c");

/**
 * Parses every frame in one WebSocket message; bare end-of-line characters between frames are
 * heart-beats and are skipped. Throws FrameError on anything malformed, and as soon as the message
 * holds more than `maxFrames` frames (before parsing the rest).
 */
export function parseFrames(data: string, maxFrames = Infinity): Frame[] {
  const frames: Frame[] = [];
  let pos = 0;
  while (pos < data.length) {
    while (data[pos] === "\n" || (data[pos] === "\r" && data[pos + 1] === "\n")) pos += data[pos] === "\r" ? 2 : 1;
    if (pos >= data.length) break;
    if (frames.length >= maxFrames) throw new FrameError(`more than ${maxFrames} frames in one message`);
    const headerEnd = data.indexOf("\n\n", pos);
    const headerEndCrlf = data.indexOf("\r\n\r\n", pos);
    const useCrlf = headerEndCrlf >= 0 && (headerEnd < 0 || headerEndCrlf < headerEnd);
    const end = useCrlf ? headerEndCrlf : headerEnd;
    if (end < 0) throw new FrameError("frame without the blank line after its headers");
    const lines = data.slice(pos, end).split(/\r?\n/);
    const command = lines[0];
    if (!CLIENT_COMMANDS.has(command)) throw new FrameError(`unknown command ${JSON.stringify(command.slice(0, 20))}`);
    if (lines.length - 1 > MAX_HEADERS) throw new FrameError("too many headers");
    const headers: Record<string, string> = {};
    const raw = command === "CONNECT" || command === "STOMP";
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon <= 0) throw new FrameError("header line without a name and a colon");
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      // The first of repeated headers wins (STOMP 1.2).
      if (!(name in headers)) headers[name] = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
    }
    const bodyStart = end + (useCrlf ? 4 : 2);
    let bodyEnd: number;
    if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (!Number.isInteger(length) || length < 0) throw new FrameError("bad content-length");
      // content-length counts bytes; walk characters until that many UTF-8 bytes are consumed.
      bodyEnd = advanceBytes(data, bodyStart, length);
      if (data[bodyEnd] !== "\0") throw new FrameError("body longer than content-length or missing NUL");
    } else {
      bodyEnd = data.indexOf("\0", bodyStart);
      if (bodyEnd < 0) throw new FrameError("frame without its closing NUL");
    }
    frames.push({ command, headers, body: data.slice(bodyStart, bodyEnd) });
    pos = bodyEnd + 1;
  }
  return frames;
}

function advanceBytes(text: string, start: number, bytes: number): number {
  let pos = start;
  let counted = 0;
  while (counted < bytes && pos < text.length) {
    const code = text.codePointAt(pos)!;
    counted += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    pos += code >= 0x10000 ? 2 : 1;
  }
  if (counted !== bytes) throw new FrameError("content-length past the end of the frame");
  return pos;
}

/** Serialises a server frame; header values are escaped except in CONNECTED, as the spec asks. */
export function serializeFrame(command: string, headers: Record<string, string | number>, body = ""): string {
  const escaped = command !== "CONNECTED";
  let out = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) {
    out += escaped ? `${escapeHeader(name)}:${escapeHeader(String(value))}\n` : `${name}:${value}\n`;
  }
  return `${out}\n${body}\0`;
}
