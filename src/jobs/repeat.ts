import { log } from "../lib/log";

/**
 * Runs `run` a minute after start (not during it) and then every `intervalMs`; a failure is logged as
 * `job.<name>_failed` and the next run comes as planned. Returns a stop function.
 */
export function repeatJob(name: string, run: () => void, intervalMs: number): () => void {
  const guarded = () => {
    try {
      run();
    } catch (error) {
      log.error(`job.${name}_failed`, { error: String(error) });
    }
  };
  const first = setTimeout(guarded, 60_000);
  const timer = setInterval(guarded, intervalMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
