// Sends one large multipart upload generated on the fly (never held in memory) and samples the
// server's RSS from /proc while it streams, so the growth can be compared with a raw server's.
import { readFileSync } from "node:fs";
import { ownPageHeaders } from "../src/testing/own-page";

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

export async function uploadRss(url: string, pid: number, megabytes: number, cookie?: string) {
  const boundary = `plexusbench${Date.now()}`;
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(1024 * 1024).fill(97);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < megabytes) controller.enqueue(chunk);
      else if (sent === megabytes) controller.enqueue(tail);
      else controller.close();
      sent++;
    },
  });
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...ownPageHeaders(url), ...(cookie ? { cookie } : {}) },
    body,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  clearInterval(sampler);
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${text.slice(0, 200)}`);
  return { growthMb: peak - before, seconds: (performance.now() - started) / 1000 };
}
