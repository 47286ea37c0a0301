/**
 * One sandbox thread of the calculation pool (pool.ts). Each job gets a fresh QuickJS runtime and
 * context holding only the standard built-ins and the props it is given: no fetch, require, process,
 * Bun, module loader or console. The runtime has the time (interrupt handler), memory and stack
 * limits of CALC_LIMITS and is freed after the job; the pool ends this thread if a job outlives its
 * time anyway, and after a job that ran out of memory (freeing a full 32 MB heap takes QuickJS up to
 * seconds; dropping the thread, its whole WebAssembly memory with it, takes none).
 */
import { newQuickJSWASMModuleFromVariant, Scope, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { HTML_LIMITS } from "../../lib/clean-html";
import { htmlNestsDeeperThan } from "../../lib/html-depth";
import { CALC_LIMITS } from "./limits";
import { presentValue } from "./result";

declare var self: Worker;

export interface SandboxJob {
  script: string;
  props: Record<string, number>;
}

/**
 * What a job yields: a string as raw HTML (the service cleans it); any other value presented and already
 * serialised as the answer's JSON (UTF-8), so a megabyte result costs the event loop nothing; or why it failed.
 */
export type SandboxReply =
  | { ok: true; html: string }
  | { ok: true; json: Uint8Array<ArrayBuffer> }
  | { ok: false; reason: "failed" | "timeout" | "memory" | "tooDeep"; message: string; line?: number };

const FILE = "calc.js";
const MESSAGE_MAX = 500;
const quickjs = newQuickJSWASMModuleFromVariant(variant);
const encoder = new TextEncoder();

class Refusal extends Error {}

/** The first line of the user's script the error's stack names (or a syntax error's own line). */
function lineOf(error: Record<string, unknown>): number | undefined {
  if (typeof error.lineNumber === "number") return error.lineNumber;
  const match = typeof error.stack === "string" ? error.stack.match(/calc\.js:(\d+)/) : null;
  return match ? Number(match[1]) : undefined;
}

function failure(vm: QuickJSContext, handle: QuickJSHandle): SandboxReply {
  const dumped: unknown = vm.dump(handle);
  const error = (dumped && typeof dumped === "object" ? dumped : {}) as Record<string, unknown>;
  const message = typeof error.message === "string" ? error.message : String(dumped);
  if (error.name === "InternalError" && message === "interrupted") return { ok: false, reason: "timeout", message: `The calculation ran longer than ${CALC_LIMITS.timeMs} ms` };
  if (error.name === "InternalError" && message === "out of memory") return { ok: false, reason: "memory", message: "The calculation used more than 32 MB" };
  const name = typeof error.name === "string" && error.name ? `${error.name}: ` : "";
  return { ok: false, reason: "failed", message: `${name}${message}`.slice(0, MESSAGE_MAX), line: lineOf(error) };
}

/** main's value, or what its promise settled with once the pending jobs have run (they count against the time limit too). */
function settle(vm: QuickJSContext, scope: Scope, handle: QuickJSHandle): QuickJSHandle {
  if (vm.typeof(handle) !== "object") return handle;
  scope.manage(vm.runtime.executePendingJobs());
  const state = vm.getPromiseState(handle);
  if (state.type === "pending") throw new Refusal("main's promise never settled");
  if (state.type === "rejected") throw scope.manage(state.error);
  return state.notAPromise ? handle : scope.manage(state.value);
}

/** Runs the job; every handle made goes into `scope`, freed before the runtime is (QuickJS aborts on a live one). */
function run(job: SandboxJob, vm: QuickJSContext, scope: Scope): SandboxReply {
  // Taken before the script runs, so a script that replaces JSON.stringify cannot change how results leave.
  const stringify = scope.manage(vm.unwrapResult(vm.evalCode("JSON.stringify", "host.js")));
  const loaded = vm.evalCode(job.script, FILE, { type: "global" });
  if (loaded.error) return failure(vm, scope.manage(loaded.error));
  scope.manage(loaded.value);
  const main = scope.manage(vm.getProp(vm.global, "main"));
  if (vm.typeof(main) !== "function") return { ok: false, reason: "failed", message: "The script defines no function main(props)" };
  const props = scope.manage(vm.newObject());
  for (const [variable, value] of Object.entries(job.props)) vm.newNumber(value).consume((n) => vm.setProp(props, variable, n));
  const called = vm.callFunction(main, vm.undefined, props);
  if (called.error) return failure(vm, scope.manage(called.error));
  let result: QuickJSHandle;
  try {
    result = settle(vm, scope, scope.manage(called.value));
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: "failed", message: error.message };
    return failure(vm, error as QuickJSHandle);
  }
  if (vm.typeof(result) === "string") return checked("html", vm.getString(result));
  const json = vm.callFunction(stringify, vm.undefined, result);
  if (json.error) return failure(vm, scope.manage(json.error));
  const text = scope.manage(json.value);
  return checked("json", vm.typeof(text) === "string" ? vm.getString(text) : null);
}

function checked(kind: "html" | "json", text: string | null): SandboxReply {
  if ((text?.length ?? 0) > CALC_LIMITS.resultChars) return { ok: false, reason: "failed", message: "The result is larger than 1 MB" };
  // Refused here, so a megabyte of nesting never crosses to the server's thread on its way to the sanitiser.
  if (kind === "html" && text && htmlNestsDeeperThan(text, HTML_LIMITS.depth)) {
    return { ok: false, reason: "tooDeep", message: `The result nests elements deeper than ${HTML_LIMITS.depth} levels` };
  }
  if (kind === "html") return { ok: true, html: text ?? "" };
  return { ok: true, json: encoder.encode(JSON.stringify(presentValue(text))) as Uint8Array<ArrayBuffer> };
}

/** Runs one job in a fresh runtime; `retire` asks the pool to end this thread (its heap was full, or QuickJS failed inside). */
function answer(job: SandboxJob, quickjs: QuickJSWASMModule): SandboxReply & { retire: boolean } {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(CALC_LIMITS.memoryBytes);
  runtime.setMaxStackSize(CALC_LIMITS.stackBytes);
  const deadline = Date.now() + CALC_LIMITS.timeMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const vm = runtime.newContext();
  const scope = new Scope();
  let reply: SandboxReply;
  try {
    reply = run(job, vm, scope);
  } catch (error) {
    return { ok: false, reason: "failed", message: String((error as Error)?.message ?? error).slice(0, MESSAGE_MAX), retire: true };
  }
  // Freeing a heap filled to its limit takes QuickJS up to seconds: the thread is dropped instead.
  if (!reply.ok && reply.reason === "memory") return { ...reply, retire: true };
  try {
    scope.dispose();
    vm.dispose();
    runtime.dispose();
    return { ...reply, retire: false };
  } catch {
    return { ...reply, retire: true };
  }
}

self.onmessage = async (event: MessageEvent<SandboxJob>) => {
  const reply = answer(event.data, await quickjs);
  self.postMessage(reply, "json" in reply ? [reply.json.buffer] : []);
};
