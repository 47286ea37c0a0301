import type { AppContext } from "../lib/context";
import { log } from "../lib/log";
import { settingValue } from "../modules/settings/service";
import { directoryConfigured } from "../modules/directory/config";
import { syncOnce } from "../modules/directory/sync";

/** The sync interval in minutes from AD_SYNC_INTERVAL_MINUTES; 0, empty or not a number switches the sync off. */
function syncIntervalMinutes(ctx: AppContext): number {
  const minutes = Number(settingValue(ctx.db, "AD_SYNC_INTERVAL_MINUTES") ?? "0");
  return Number.isInteger(minutes) && minutes > 0 ? minutes : 0;
}

/**
 * Runs the directory sync every AD_SYNC_INTERVAL_MINUTES (read each tick, so a change applies without a
 * restart) while a directory is configured. `tick` is exported for the test; returns a stop function.
 */
export function startDirectorySyncJob(ctx: AppContext, tickMs = 60_000): { stop: () => void; tick: (now?: number) => Promise<void> } {
  let lastRun = Date.now();
  const tick = async (now = Date.now()) => {
    const minutes = syncIntervalMinutes(ctx);
    if (!minutes || now - lastRun < minutes * 60_000 || !directoryConfigured(ctx.db)) return;
    lastRun = now;
    try {
      await syncOnce(ctx, null);
    } catch (error) {
      log.error("job.directory_sync_failed", { error: String(error) });
    }
  };
  const timer = setInterval(tick, tickMs);
  return { stop: () => clearInterval(timer), tick };
}
