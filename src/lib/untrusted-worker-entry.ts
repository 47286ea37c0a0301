/**
 * The worker side of untrusted-worker.ts: imports the job module it is asked for (once per module)
 * and answers with the job's result or the error's code and message.
 */
import { writeFileSync } from "node:fs";
import type { JobReply } from "./untrusted-worker";

declare var self: Worker;

type Job = (input: unknown) => unknown;
const jobs = new Map<string, Promise<Job>>();

self.onmessage = async (event: MessageEvent<{ job: string; input: unknown; writeTo?: string }>) => {
  const { job, input, writeTo } = event.data;
  let reply: JobReply;
  try {
    let run = jobs.get(job);
    if (!run) jobs.set(job, (run = import(job).then((module) => module.default as Job)));
    const value = await (await run)(input);
    if (writeTo && value instanceof Uint8Array) {
      writeFileSync(writeTo, value, { mode: 0o600, flag: "wx" });
      reply = { ok: true, value: value.byteLength };
    } else reply = { ok: true, value };
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    reply = { ok: false, code: typeof code === "string" ? code : undefined, message: String((error as Error)?.message ?? error) };
  }
  self.postMessage(reply);
};
