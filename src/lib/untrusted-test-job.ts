/** A job for untrusted-worker.test.ts: misbehaves on request. */
export default async function testJob(input: { do: string; value?: unknown }): Promise<unknown> {
  switch (input.do) {
    case "echo":
      return input.value;
    case "record":
      // Leaves a trace that it ran: a file at the path given.
      await Bun.write(String(input.value), "ran");
      return input.value;
    case "spin":
      for (;;);
    case "allocate": {
      // Keeps real pages: filled buffers, never freed, until the watchdog ends the worker.
      const kept: Uint8Array[] = [];
      for (;;) {
        kept.push(new Uint8Array(16 * 1024 * 1024).fill(1));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    case "refuse":
      throw Object.assign(new Error("refused on purpose"), { code: "file_too_complex" });
    case "overflow": {
      const deeper = (n: number): number => deeper(n + 1) + 1;
      return deeper(0);
    }
    case "crash":
      setTimeout(() => {
        throw new Error("uncaught in the worker");
      });
      return new Promise(() => {});
    case "exit":
      process.exit(3);
  }
  throw new Error("unknown test job");
}
