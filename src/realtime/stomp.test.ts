import { describe, expect, test } from "bun:test";
import { FrameError, parseFrames, serializeFrame } from "./stomp";

describe("STOMP frames", () => {
  test("parses frames, skips heart-beats, unescapes headers and honours content-length", () => {
    const body = "héllo\0wörld";
    const length = Buffer.byteLength(body);
    const data = `\n\r\nSEND\ndestination:/a\\cb\ncontent-length:${length}\n\n${body}\0\nSUBSCRIBE\nid:1\ndestination:/x\nid:2\n\n\0`;
    const frames = parseFrames(data);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toEqual({ command: "SEND", headers: { destination: "/a:b", "content-length": String(length) }, body });
    expect(frames[1].headers.id).toBe("1");
  });

  test("CONNECT headers are not unescaped", () => {
    expect(parseFrames("CONNECT\nlogin:a\\cb\n\n\0")[0].headers.login).toBe("a\\cb");
  });

  test("malformed frames throw", () => {
    for (const bad of ["SEND\ndestination:/a\n\nbody-without-nul", "HELLO\n\n\0", "SEND\nno-colon-here\n\n\0", "SEND\na:\\q\n\n\0", "SEND\ncontent-length:99\n\nshort\0", "SEND\ndestination:/a"]) {
      expect(() => parseFrames(bad)).toThrow(FrameError);
    }
  });

  test("serialises with escaped headers, except in CONNECTED", () => {
    expect(serializeFrame("MESSAGE", { destination: "a:b\nc" }, "x")).toBe("MESSAGE\ndestination:a\\cb\\nc\n\nx\0");
    expect(serializeFrame("CONNECTED", { version: "1.2", "heart-beat": "1,2" })).toBe("CONNECTED\nversion:1.2\nheart-beat:1,2\n\n\0");
  });
});
