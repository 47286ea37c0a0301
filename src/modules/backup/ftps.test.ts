import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FtpSrv } from "ftp-srv";
import { activityLog } from "../../../db/schema";
import { testApp, type TestApp } from "../../testing/harness";
import { uploadBackup } from "./ftp";

// ftp-srv with explicit TLS (AUTH TLS) on loopback, run by Node (ftps-server.cjs says why), its certificate for
// IP 127.0.0.1 signed by a CA made here with openssl: the system's CAs do not know it (refused),
// FTP_CA_CERTIFICATE with that CA works, and the same CA with a name the certificate does not carry is refused.
// A plain-FTP server (ftp-srv in process) gets a backup only when FTP_PLAIN says so.

let t: TestApp;
let admin: string;
let scratch: string;
let ca: string;
let tlsServer: ReturnType<typeof Bun.spawn>;
let plainServer: FtpSrv;
let tlsPort: number;
let plainPort: number;
const logins: string[] = [];
const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } as never;

function openssl(...args: string[]) {
  const run = Bun.spawnSync(["openssl", ...args], { cwd: scratch });
  if (run.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr}`);
}

/** Starts the Node FTPS server and collects its logins; resolves once it listens. */
let identity = "server";

async function startTlsServer(port: number, root: string) {
  const child = Bun.spawn(["node", join(import.meta.dir, "../../testing/ftps-server.cjs"), String(port), root, join(scratch, `${identity}.key`), join(scratch, `${identity}.pem`)], { stdout: "pipe", stderr: "inherit" });
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const { promise: listening, resolve: ready } = Promise.withResolvers<void>();
  (async () => {
    for (let read = await lines.read(); !read.done; read = await lines.read()) {
      buffered += read.value;
      for (let at = buffered.indexOf("\n"); at !== -1; at = buffered.indexOf("\n")) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        if (line === "ready") ready();
        else logins.push(`${port}:${line}`);
      }
    }
  })();
  await listening;
  return child;
}

let tlsRoot: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "plexus-ftps-"));
  openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Plexus test CA");
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  writeFileSync(join(scratch, "san.ext"), "subjectAltName=IP:127.0.0.1\n");
  openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "san.ext");
  openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "stranger.key", "-out", "stranger.pem", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1");
  ca = readFileSync(join(scratch, "ca.pem"), "utf8");
  // Below Linux's ephemeral range (32768 up), where the ports other servers and connections get from the kernel
  // could land on this one or its passive ports: a client then met another server (WRONG_VERSION_NUMBER).
  plainPort = 20_000 + Math.floor(Math.random() * 12_000);
  tlsPort = plainPort;
  const plainRoot = mkdtempSync(join(scratch, "root-"));
  plainServer = new FtpSrv({ url: `ftp://127.0.0.1:${plainPort}`, pasv_url: "127.0.0.1", pasv_min: plainPort + 1, pasv_max: plainPort + 40, log: quiet });
  plainServer.on("login", ({ username, password }, resolve, reject) => {
    logins.push(`${plainPort}:login ${username}`);
    if (username === "backups" && password === "ftp-secret") resolve({ root: plainRoot });
    else reject(new Error("wrong password"));
  });
  await plainServer.listen();
});

afterAll(async () => {
  await plainServer.close();
  rmSync(scratch, { recursive: true, force: true });
});

// A fresh FTPS server per test, on ports of its own.
beforeEach(async () => {
  t = testApp();
  admin = (await t.userWithCookie("SYSTEM_ADMIN")).cookie;
  tlsPort += 100;
  identity = "server";
  tlsRoot = mkdtempSync(join(scratch, "root-"));
  tlsServer = await startTlsServer(tlsPort, tlsRoot);
});
afterEach(async () => {
  t.close();
  tlsServer.kill();
  await tlsServer.exited;
});

const settings = (values: Record<string, string>) =>
  t.call("POST", "/settings/save-all", { cookie: admin, body: Object.entries({ FTP_USER: "backups", FTP_PASSWORD: "ftp-secret", FTP_UPLOAD_BACKUPS: "true", ...values }).map(([label, body]) => ({ label, body })) });

/** The FTPS server again, with the current identity, on ports of its own. */
async function restartTlsServer() {
  tlsServer.kill();
  await tlsServer.exited;
  tlsPort += 100;
  tlsServer = await startTlsServer(tlsPort, tlsRoot);
}

function archive(name: string) {
  const path = join(t.config.dataDir, name);
  writeFileSync(path, `archive ${name}`);
  return path;
}

/** Uploads `name` to the FTPS server. */
const upload = (name: string) => uploadBackup(t.ctx, archive(name));

const ftpLog = () => t.db.select().from(activityLog).all().filter((row) => row.activityType === "FTP_DOWNLOAD").map((row) => row.description);

describe("FTPS upload of backups", () => {
  test("with FTP_CA_CERTIFICATE the upload goes over TLS and the log says FTPS", async () => {
    await settings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(tlsPort), FTP_CA_CERTIFICATE: ca.replaceAll("\n", " ") });
    expect(await upload("plexus-b.tar.gz.enc")).toBe(true);
    expect(readFileSync(join(tlsRoot, "plexus-b.tar.gz.enc"), "utf8")).toBe("archive plexus-b.tar.gz.enc");
    expect(ftpLog()).toEqual(["plexus-b.tar.gz.enc to 127.0.0.1 over FTPS"]);
  });

  test("a certificate the system's CAs do not know is refused: no password sent, nothing stored", async () => {
    await settings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(tlsPort) });
    const before = logins.length;
    await expect(upload("plexus-a.tar.gz.enc")).rejects.toThrow(/certificate/i);
    await Bun.sleep(200);
    expect(logins.length).toBe(before);
    expect(existsSync(join(tlsRoot, "plexus-a.tar.gz.enc"))).toBe(false);
    expect(ftpLog()).toEqual([]);
  });

  test("a server whose certificate the configured CA did not sign is refused", async () => {
    identity = "stranger";
    await restartTlsServer();
    await settings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(tlsPort), FTP_CA_CERTIFICATE: ca });
    const before = logins.length;
    await expect(upload("plexus-c.tar.gz.enc")).rejects.toThrow(/certificate/i);
    await Bun.sleep(200);
    expect(logins.length).toBe(before);
    expect(readdirSync(tlsRoot)).toEqual([]);
  }, 30_000);

  test("a server without TLS gets nothing unless an administrator chose plain FTP, which the log then names", async () => {
    await settings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(plainPort) });
    const before = logins.length;
    await expect(uploadBackup(t.ctx, archive("plexus-d.tar.gz.enc"))).rejects.toThrow();
    await Bun.sleep(200);
    expect(logins.length).toBe(before);
    await settings({ FTP_HOST: "127.0.0.1", FTP_PORT: String(plainPort), FTP_PLAIN: "true" });
    expect(await uploadBackup(t.ctx, archive("plexus-e.tar.gz.enc"))).toBe(true);
    expect(ftpLog()).toEqual(["plexus-e.tar.gz.enc to 127.0.0.1 over plain FTP"]);
  });
});
