// Closed-loop HTTP load: `bun bench/load.ts URL CONCURRENCY SECONDS [cookie]` prints
// {requests, errors, seconds, rps, p50, p99, sent} (latencies in ms; sent counts the warm-up too) as JSON.
import { ownPageHeaders } from "../src/testing/own-page";

const [url, concurrency = "32", seconds = "3", cookie] = process.argv.slice(2);
if (!url || !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error("load targets 127.0.0.1/localhost only");

const WARMUP_MS = 500; // JIT and connection set-up, not counted
// As the page's own script calls /api (pages ignore these headers).
const headers: Record<string, string> = { ...ownPageHeaders(url), ...(cookie ? { cookie } : {}) };
const start = performance.now();
const measureFrom = start + WARMUP_MS;
const end = measureFrom + Number(seconds) * 1000;
const latencies: number[] = [];
let errors = 0;
let sent = 0;

async function loop() {
  for (let t = performance.now(); t < end; t = performance.now()) {
    const response = await fetch(url!, { headers }); // Bun's fetch keeps connections alive
    await response.arrayBuffer();
    sent++;
    const done = performance.now();
    if (t < measureFrom) continue;
    latencies.push(done - t);
    if (!response.ok) errors++;
  }
}

await Promise.all(Array.from({ length: Number(concurrency) }, loop));
const elapsed = (performance.now() - measureFrom) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => +(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2);
console.log(JSON.stringify({ requests: latencies.length, errors, seconds: +elapsed.toFixed(2), rps: Math.round(latencies.length / elapsed), p50: pct(0.5), p99: pct(0.99), sent }));
