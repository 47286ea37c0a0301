import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { type FixtureEntry, tarGz } from "../testing/tar-fixture";
import { extractTarGz, tarHeader, type TarReadRules, tarWriter } from "./tar";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "plexus-tar-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

class Refused extends Error {
  constructor(
    message: string,
    readonly entry?: string,
  ) {
    super(message);
  }
}

const rules = (more: Partial<TarReadRules> = {}): TarReadRules => ({ allows: () => true, refuse: (message, entry) => new Refused(message, entry), ...more });

/** Unpacks `bytes` into a new dir/out-N; answers what was unpacked or the caller's error. */
async function unpack(bytes: Buffer, more: Partial<TarReadRules> = {}) {
  writeFileSync(join(dir, "in.tar.gz"), bytes);
  out = join(dir, `out-${readdirSync(dir).length}`);
  return extractTarGz(join(dir, "in.tar.gz"), out, rules(more)).catch((error: unknown) => error);
}
let out: string;

/** Everything under `dir` but the archive and the targets: a refusal may leave a part in a target, never a file beside it. */
const outside = () => readdirSync(dir).filter((name) => name !== "in.tar.gz" && !name.startsWith("out-"));

describe("extractTarGz", () => {
  test("unpacks files and folders, long names through pax and GNU headers, and answers each file's size and SHA-256", async () => {
    const long = `deep/${"n".repeat(120)}.txt`;
    const pax = Buffer.from(`${String(long.length + 7 + 3).padStart(3, "0")} path=${long}\n`);
    const bytes = gzipSync(
      Buffer.concat([
        tarHeader("app/", 0, { type: "5" }),
        tarHeader("app/a.txt", 5),
        Buffer.from("hello"),
        Buffer.alloc(507),
        tarHeader("PaxHeader", pax.length, { type: "x" }),
        pax,
        Buffer.alloc(512 - pax.length),
        tarHeader("ignored-short-name", 3),
        Buffer.from("pax"),
        Buffer.alloc(509),
        Buffer.alloc(1024),
      ]),
    );
    const result = await unpack(bytes);
    expect(result).toEqual({
      files: [
        { name: "app/a.txt", size: 5, sha256: createHash("sha256").update("hello").digest("hex") },
        { name: long, size: 3, sha256: createHash("sha256").update("pax").digest("hex") },
      ],
      folders: ["app"],
    });
    expect(readFileSync(join(out, long), "utf8")).toBe("pax");
  });

  const hostile: [string, () => Buffer, string][] = [
    ["a .. entry", () => tarGz([{ name: "../escaped", content: "x" }]), "not allowed"],
    ["a nested .. entry", () => tarGz([{ name: "a/../../escaped", content: "x" }]), "not allowed"],
    ["an absolute name", () => tarGz([{ name: "/tmp/escaped-by-tar-test", content: "x" }]), "not allowed"],
    ["a backslash name", () => tarGz([{ name: "..\\escaped", content: "x" }]), "not allowed"],
    ["a symbolic link", () => tarGz([{ name: "link", type: "2" }]), "not a regular file or folder"],
    ["a hard link", () => tarGz([{ name: "link", type: "1" }]), "not a regular file or folder"],
    ["a device", () => tarGz([{ name: "dev", type: "3" }]), "not a regular file or folder"],
    ["the same file twice", () => tarGz([{ name: "a", content: "1" }, { name: "a", content: "2" }]), "appears twice"],
    ["a truncated archive", () => {
      const whole = tarGz([{ name: "a", content: "x".repeat(100_000) }]);
      return whole.subarray(0, whole.length - 20);
    }, "cannot be read"],
    ["an archive without its end blocks", () => gzipSync(Buffer.concat([tarHeader("a", 1), Buffer.from("x"), Buffer.alloc(511)])), "truncated"],
    ["a foreign file (not gzip)", () => Buffer.from("PK\u0003\u0004 a zip"), "cannot be read"],
    ["a gzip of something that is not tar", () => gzipSync(Buffer.alloc(2048, 7)), "not a tar archive"],
  ];
  for (const [what, bytes, reason] of hostile) {
    test(`${what} is refused with the caller's error, and nothing lands outside the target`, async () => {
      const error = await unpack(bytes());
      expect(error).toBeInstanceOf(Refused);
      expect((error as Refused).message).toContain(reason);
      expect(outside()).toEqual([]);
      expect(existsSync("/tmp/escaped-by-tar-test")).toBe(false);
    });
  }

  test("the refusal names the entry at fault, for the caller's details", async () => {
    const error = (await unpack(tarGz([{ name: "ok", content: "1" }, { name: "../bad", content: "x" }]))) as Refused;
    expect(error.entry).toBe("../bad");
  });

  test("the caller's name rule is asked with the normalised name, and its refusal stops the unpacking", async () => {
    const asked: string[] = [];
    const allows = (name: string) => (asked.push(name), !name.startsWith(".git"));
    const error = await unpack(tarGz([{ name: "./app/", type: "5" }, { name: "./.git/config", content: "x" }]), { allows });
    expect(asked).toEqual(["app", ".git/config"]);
    expect((error as Refused).message).toContain("not allowed");
    expect(existsSync(join(out, ".git", "config"))).toBe(false);
  });

  const many: FixtureEntry[] = [{ name: "a", content: "12345" }, { name: "b", content: "12345" }, { name: "c", content: "12345" }];
  test("the entry cap and the unpacked-bytes cap refuse an archive half way", async () => {
    expect(((await unpack(tarGz(many), { maxEntries: 2 })) as Refused).message).toContain("too many entries");
    expect(((await unpack(tarGz(many), { maxBytes: 12 })) as Refused).message).toContain("more than 12 bytes");
    expect(await unpack(tarGz(many), { maxEntries: 3, maxBytes: 15 })).toMatchObject({ files: [{ name: "a" }, { name: "b" }, { name: "c" }] });
  });

  test("a check-only pass (no target) writes nothing, keeps the asked file, and honours admit and the stream cap", async () => {
    const large = tarGz([...many, { name: "d", content: "x".repeat(100_000) }]);
    writeFileSync(join(dir, "in.tar.gz"), large);
    const checked = await extractTarGz(join(dir, "in.tar.gz"), null, rules({ keep: { name: "b", limit: 5 } }));
    expect(checked.files.map((f) => f.name)).toEqual(["a", "b", "c", "d"]);
    expect(checked.kept?.toString()).toBe("12345");
    expect(readdirSync(dir)).toEqual(["in.tar.gz"]);
    const admit = (name: string, size: number) => (name === "c" && size !== 4 ? "c is not 4 bytes" : null);
    expect(((await unpack(tarGz(many), { admit })) as Refused).message).toBe("c is not 4 bytes");
    expect(existsSync(join(out, "c"))).toBe(false);
    expect(((await unpack(tarGz(many), { keep: { name: "a", limit: 4 } })) as Refused).message).toContain("larger than 4 bytes");
    expect(((await unpack(large, { maxStreamBytes: 50_000 })) as Refused).message).toContain("more than 50000 bytes");
  });
});

describe("tarWriter", () => {
  test("what it writes unpacks to the same bytes and hashes, and it refuses names the rule or ustar cannot hold", async () => {
    const archive = join(dir, "in.tar.gz");
    writeFileSync(join(dir, "source"), "x".repeat(1000));
    const tar = tarWriter(archive, (name) => !name.startsWith("secret"));
    await tar.addFile("files/source", join(dir, "source"), 1000);
    await tar.addBuffer("manifest.json", Buffer.from("{}"));
    for (const name of ["../up", "/abs", "secret.key", "n".repeat(101)]) {
      await expect(tar.addBuffer(name, Buffer.from("x"))).rejects.toThrow("not allowed");
    }
    await tar.finish();
    const { files } = await extractTarGz(archive, join(dir, "out"), rules());
    expect(files).toEqual(tar.written);
    expect(readFileSync(join(dir, "out", "files", "source"), "utf8")).toBe("x".repeat(1000));
  });
});
