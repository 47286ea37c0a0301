// Chat under load: 1,000 signed-in members in 50 private chats of 20 send 200 messages/s in total over
// STOMP for CHAT_LOAD_SECONDS (default 60); every member must get every message of its chat exactly once.
// Beside it, in the same run and with the same settings, the baseline: raw Bun pub/sub (bench/raw-pubsub.ts)
// with the same 1,000 sockets on 50 topics and the same message schedule. Each server is its own process,
// and so is the load generator (bench/chat-load-client.ts). Load stays on 127.0.0.1.
// `bun bench/chat-load.ts` runs it alone; bench/run.ts runs it last. CHAT_LOAD_SECONDS shortens a try;
// CHAT_LOAD_PROFILE=DIR makes the Plexus server write a CPU profile there.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { openDb } from "../db/client";
import { chatMembers, chats, users } from "../db/schema";
import { ownPageHeaders } from "../src/testing/own-page";

const ROOT = resolve(import.meta.dir, "..");
const HOST = "127.0.0.1";
const USERS = 1_000;
const CHATS = 50;
const MEMBERS = USERS / CHATS; // 20
const RATE = 200; // messages/s in total
const SECONDS = Number(process.env.CHAT_LOAD_SECONDS ?? 60);
const GRACE_SECONDS = 5;
const LOGIN_CONCURRENCY = 16;
const PASSWORD = "bench-pass-1";
const bun = process.execPath;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A figure for run.ts's report(): name, value, unit, options. */
export type Figure = [string, number, string, { baseline?: string; ratio?: number; target?: string; pass?: boolean }];

interface ClientResult {
  mode: string;
  connections: number;
  sent: number;
  sendFailures: number;
  expectedDeliveries: number;
  delivered: number;
  lost: number;
  duplicates: number;
  unexpected: number;
  stompErrors: number;
  errorSamples: string[];
  closedEarly: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  deliveredPerSecond: number;
  sendSeconds: number;
  clientCpuPercent: number;
}

interface Side {
  result: ClientResult;
  connectSeconds: number;
  rssKbPerConnection: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  serverCpuPercent: number;
  /** Share of the sending time in which some task on the machine waited for a CPU (PSI "some"). */
  stallPercent: number;
}

function freePort() {
  const probe = Bun.listen({ hostname: HOST, port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
/** utime + stime of a process, in seconds (the kernel counts in 1/100 s ticks here). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Microseconds that some runnable task waited for a CPU (Linux PSI), to show how busy the machine was. */
const cpuStallUs = () => {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync("/proc/pressure/cpu", "utf8"))![1]);
  } catch {
    return NaN;
  }
};

/**
 * 1,000 sockets on each side of a connection may exceed `ulimit -n`: when the soft limit is lower than
 * what a process here needs, children start through `sh -c 'ulimit -n N; exec ...'`.
 */
function fdLimits() {
  const read = (flag: string) => Bun.spawnSync(["sh", "-c", `ulimit ${flag}`]).stdout.toString().trim();
  const soft = read("-n");
  const hard = read("-Hn");
  const need = USERS + 512;
  const softN = soft === "unlimited" ? Infinity : Number(soft);
  const hardN = hard === "unlimited" ? Infinity : Number(hard);
  const raiseTo = softN >= need ? undefined : Math.min(8192, hardN);
  if (raiseTo !== undefined && raiseTo < need) throw new Error(`ulimit -n hard limit ${hard} is below the ${need} descriptors needed`);
  const wrap = (cmd: string[]) => (raiseTo === undefined ? cmd : ["sh", "-c", `ulimit -n ${raiseTo}; exec "$@"`, "sh", ...cmd]);
  return { soft, hard, raisedTo: raiseTo, wrap };
}

/** Lines of a child's stdout, as they come. */
async function* linesOf(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of stream) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
      yield buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
    }
  }
  if (buffered) yield buffered;
}

export async function chatLoad(): Promise<Figure[]> {
  const children = new Set<Subprocess>();
  const tempDirs: string[] = [];
  const limits = fdLimits();
  const spawn = (cmd: string[], env: Record<string, string>, io: { stdin?: "pipe"; stdout?: "pipe" } = {}) => {
    const child = Bun.spawn(limits.wrap(cmd), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdin: io.stdin ?? "ignore",
      stdout: io.stdout ?? "ignore",
      stderr: "inherit",
    });
    children.add(child);
    return child;
  };
  const stop = async (child: Subprocess) => {
    child.kill("SIGTERM");
    await child.exited;
    children.delete(child);
  };
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "plexus-chat-load-"));
    tempDirs.push(dir);
    return dir;
  };

  async function until(url: string, ok: (status: number) => boolean, timeoutMs = 30_000) {
    const end = performance.now() + timeoutMs;
    while (performance.now() < end) {
      try {
        if (ok((await fetch(url)).status)) return;
      } catch {}
      await sleep(20);
    }
    throw new Error(`${url} did not come up within ${timeoutMs} ms`);
  }

  /** Runs the client against one server: RSS before/after subscribing, then the timed sending. */
  async function drive(serverPid: number, config: object): Promise<Side> {
    const file = join(tempDir(), "client.json");
    writeFileSync(file, JSON.stringify(config));
    await sleep(1_000); // let the server settle after start-up and sign-ins
    const rssBefore = rssKb(serverPid);
    const client = spawn([bun, "bench/chat-load-client.ts", file], {}, { stdin: "pipe", stdout: "pipe" });
    let connectSeconds = 0;
    let rssAfter = 0;
    let cpuAtGo = 0;
    let goAt = 0;
    let stallAtGo = 0;
    let stallPercent = 0;
    let cpuSpent = 0;
    let busySeconds = 0;
    let result: ClientResult | undefined;
    for await (const line of linesOf(client.stdout as ReadableStream<Uint8Array>)) {
      const event = JSON.parse(line);
      if (event.event === "subscribed") {
        connectSeconds = event.connectSeconds;
        await sleep(1_000); // the last subscriptions' buffers settle
        rssAfter = rssKb(serverPid);
        cpuAtGo = cpuSeconds(serverPid);
        goAt = performance.now();
        stallAtGo = cpuStallUs();
        const stdin = client.stdin as import("bun").FileSink;
        stdin.write("go\n");
        await stdin.flush();
      } else if (event.event === "result") {
        result = event;
        cpuSpent = cpuSeconds(serverPid) - cpuAtGo;
        busySeconds = (performance.now() - goAt) / 1000;
        stallPercent = (cpuStallUs() - stallAtGo) / 1e4 / busySeconds;
      }
    }
    const code = await client.exited;
    children.delete(client);
    if (code !== 0 || !result) throw new Error(`chat-load-client exited with ${code}`);
    return {
      result,
      connectSeconds,
      rssKbPerConnection: (rssAfter - rssBefore) / USERS,
      rssBeforeMb: rssBefore / 1024,
      rssAfterMb: rssAfter / 1024,
      serverCpuPercent: (cpuSpent / busySeconds) * 100,
      stallPercent,
    };
  }

  async function raw(): Promise<Side> {
    const port = freePort();
    const server = spawn([bun, "bench/raw-pubsub.ts"], { PORT: String(port) });
    await until(`http://${HOST}:${port}/`, (s) => s === 400);
    const groups = Array.from({ length: CHATS }, (_, g) => ({ key: `t${g}` }));
    const side = await drive(server.pid, { mode: "raw", url: `ws://${HOST}:${port}/`, groups, membersPerGroup: MEMBERS, rate: RATE, seconds: SECONDS, graceSeconds: GRACE_SECONDS });
    await stop(server);
    return side;
  }

  async function plexus(): Promise<Side & { setupSeconds: number }> {
    const t0 = performance.now();
    // Users, chats and members go straight into a fresh database before the server starts.
    const dir = tempDir();
    const db = openDb(join(dir, "plexus.sqlite"));
    const hash = await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 });
    const groups: { key: string; cookies: string[]; logins: string[] }[] = [];
    db.transaction((tx) => {
      const made = tx
        .insert(users)
        .values(Array.from({ length: USERS }, (_, i) => ({ firstName: "Load", lastName: `User ${i}`, login: `load${i}`, email: `load${i}@bench.invalid`, passwordHash: hash, isActive: true })))
        .returning({ id: users.id, login: users.login })
        .all();
      for (let c = 0; c < CHATS; c++) {
        const members = made.slice(c * MEMBERS, (c + 1) * MEMBERS);
        const chat = tx.insert(chats).values({ name: `Load chat ${c}`, type: "PRIVATE", ownerId: members[0]!.id }).returning({ id: chats.id }).get();
        tx.insert(chatMembers).values(members.map((m) => ({ chatId: chat.id, userId: m.id }))).run();
        groups.push({ key: String(chat.id), cookies: [], logins: members.map((m) => m.login) });
      }
    });
    db.$client.close();

    const port = freePort();
    const base = `http://${HOST}:${port}`;
    // CHAT_LOAD_PROFILE=DIR: the server writes a CPU profile (and its Markdown summary) there on exit.
    const profile = process.env.CHAT_LOAD_PROFILE ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${resolve(process.env.CHAT_LOAD_PROFILE)}`] : [];
    const server = spawn([bun, ...profile, "src/server.ts"], { DATA_DIR: dir, PORT: String(port), HOST, ADMIN_PASSWORD: "bench-password-1", PLEXUS_QUIET: "1" });
    await until(`${base}/api/health`, (s) => s === 200);

    // Sign every member in, LOGIN_CONCURRENCY at a time.
    const queue = groups.flatMap((g) => g.logins.map((login, pos) => ({ g, login, pos })));
    await Promise.all(
      Array.from({ length: LOGIN_CONCURRENCY }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const response = await fetch(`${base}/api/login`, {
            method: "POST",
            headers: { "content-type": "application/json", ...ownPageHeaders(base) },
            body: JSON.stringify({ username: next.login, password: PASSWORD }),
          });
          if (response.status !== 200) throw new Error(`sign-in of ${next.login} failed: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
          next.g.cookies[next.pos] = response.headers.get("set-cookie")!.split(";")[0]!;
        }
      }),
    );
    const setupSeconds = (performance.now() - t0) / 1000;
    const side = await drive(server.pid, {
      mode: "stomp",
      url: `ws://${HOST}:${port}/ws-endpoint`,
      groups: groups.map(({ key, cookies }) => ({ key, cookies })),
      membersPerGroup: MEMBERS,
      rate: RATE,
      seconds: SECONDS,
      graceSeconds: GRACE_SECONDS,
    });
    await stop(server);
    return { ...side, setupSeconds };
  }

  try {
    const began = performance.now();
    if (!existsSync(join(ROOT, "dist/server/entry.mjs"))) {
      console.log("dist/ missing: running `bun run build` first");
      if (Bun.spawnSync([bun, "run", "build"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" }).exitCode !== 0) throw new Error("build failed");
    }
    console.log(
      `chat load: ${USERS} sockets, ${CHATS} chats x ${MEMBERS}, ${RATE} msg/s for ${SECONDS} s; ulimit -n soft ${limits.soft}, hard ${limits.hard}` +
        (limits.raisedTo ? `, raised to ${limits.raisedTo} in the children` : ", enough: not raised"),
    );
    const base = await raw();
    const plx = await plexus();
    const show = (name: string, s: Side) => {
      const { errorSamples, ...rest } = s.result;
      console.log(`  ${name}: ${JSON.stringify(rest)}`);
      console.log(
        `  ${name}: connect+subscribe ${s.connectSeconds.toFixed(1)} s, server RSS ${s.rssBeforeMb.toFixed(1)} -> ${s.rssAfterMb.toFixed(1)} MB, server CPU ${s.serverCpuPercent.toFixed(0)}% of a core while sending, machine CPU-stalled ${s.stallPercent.toFixed(0)}% of that time (PSI), load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}` +
          (errorSamples.length ? `, STOMP errors e.g. ${JSON.stringify(errorSamples)}` : ""),
      );
    };
    show("raw pub/sub", base);
    show(`plexus (setup ${plx.setupSeconds.toFixed(1)} s: db rows + ${USERS} sign-ins)`, plx);
    console.log(`  chat load took ${((performance.now() - began) / 1000).toFixed(1)} s in all`);

    const p = plx.result;
    const b = base.result;
    const settings = `${USERS} conns, ${CHATS}x${MEMBERS}, ${RATE} msg/s x ${SECONDS} s`;
    const ratio = p.deliveredPerSecond / b.deliveredPerSecond;
    return [
      [`chat load: Plexus STOMP deliveries (${settings})`, p.deliveredPerSecond, "msg/s", { baseline: `raw Bun pub/sub ${b.deliveredPerSecond} msg/s`, ratio, target: ">= 50% of raw", pass: ratio >= 0.5 }],
      [
        `chat load: send-to-receive p99 (p50 ${p.p50.toFixed(1)} ms, p99.9 ${p.p999.toFixed(1)} ms, max ${p.max.toFixed(0)} ms)`,
        p.p99,
        "ms",
        { baseline: `raw pub/sub p99 ${b.p99.toFixed(1)} ms, p50 ${b.p50.toFixed(1)} ms; Mattermost publishes p99 240 ms for 750 users on 2 vCPU`, ratio: p.p99 / b.p99, target: "p99 < 50 ms", pass: p.p99 < 50 },
      ],
      [
        `chat load: deliveries lost (of ${p.expectedDeliveries}; ${p.duplicates} duplicates, ${p.stompErrors} STOMP errors)`,
        p.lost,
        "deliveries",
        { baseline: `raw pub/sub lost ${b.lost}, ${b.duplicates} duplicates`, target: "0 lost, 0 duplicates", pass: p.lost === 0 && p.duplicates === 0 && p.unexpected === 0 },
      ],
      [
        `chat load: server RSS per subscribed connection (${plx.rssBeforeMb.toFixed(0)} -> ${plx.rssAfterMb.toFixed(0)} MB)`,
        plx.rssKbPerConnection,
        "KB",
        { baseline: `raw pub/sub ${base.rssKbPerConnection.toFixed(1)} KB`, ratio: plx.rssKbPerConnection / base.rssKbPerConnection },
      ],
    ];
  } finally {
    for (const child of children) child.kill("SIGKILL");
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const began = performance.now();
  // The same line format as bench/run.ts's report().
  for (const [name, value, unit, opts] of await chatLoad()) {
    const extra = [
      opts.baseline && `baseline ${opts.baseline}`,
      opts.ratio !== undefined && `ratio ${opts.ratio < 1 ? `${(opts.ratio * 100).toFixed(1)}%` : `${opts.ratio.toFixed(2)}x`}`,
      opts.target && `target ${opts.target}: ${opts.pass ? "PASS" : "FAIL"}`,
    ].filter(Boolean);
    console.log(`${name}: ${value.toFixed(value < 100 ? 1 : 0)} ${unit}${extra.length ? ` (${extra.join(", ")})` : ""}`);
  }
  console.log(`total: ${((performance.now() - began) / 1000).toFixed(1)} s`);
}
