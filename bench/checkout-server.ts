/**
 * A checkout's own built server on a fresh DATA_DIR and port, for benchmarks that compare this
 * checkout with another one (an older commit's worktree) in the same run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownPageHeaders } from "../src/testing/own-page";

export interface Checkout {
  label: string;
  dir: string;
  buildDir: string;
}

export const BENCH_ADMIN = { login: "bench-admin", password: "bench-password-1" };

/** Starts `checkout`'s server; resolves once /api/health answers, with its URL, process id, the admin's cookie and a stop. */
export async function serveCheckout(checkout: Checkout) {
  const data = mkdtempSync(join(tmpdir(), "plexus-checkout-"));
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  const url = `http://127.0.0.1:${port}`;
  const child = Bun.spawn([process.execPath, join(checkout.dir, "src/server.ts")], {
    cwd: checkout.dir,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: data, PUBLIC_URL: url, ADMIN_LOGIN: BENCH_ADMIN.login, ADMIN_PASSWORD: BENCH_ADMIN.password, PLEXUS_BUILD_DIR: checkout.buildDir, PLEXUS_QUIET: "1" },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 300 && !(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)); i++) await Bun.sleep(100);
  const signIn = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...ownPageHeaders(url) },
    body: JSON.stringify({ username: BENCH_ADMIN.login, password: BENCH_ADMIN.password }),
  });
  if (!signIn.ok) throw new Error(`${checkout.label}: sign-in failed with ${signIn.status}`);
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  /** A POST to /api as the administrator (JSON, or a FormData as it is); its answer, or a thrown error. */
  const post = async (path: string, body: unknown) => {
    const form = body instanceof FormData;
    const response = await fetch(`${url}/api${path}`, { method: "POST", headers: { cookie, ...ownPageHeaders(url), ...(form ? {} : { "content-type": "application/json" }) }, body: form ? body : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { url, pid: child.pid, cookie, post, stop: async () => (child.kill(), await child.exited, rmSync(data, { recursive: true, force: true })) };
}
