import { log } from "../../lib/log";

/** The exit code that asks the supervisor (systemd's Restart=always, or any loop) to start Plexus again. */
export const RESTART_EXIT_CODE = 75;

let restartHandler: (() => void) | null = null;

/** src/server.ts says how to restart (stop, close, exit); tests and embedded apps leave it unset. */
export function onRestartRequested(handler: () => void) {
  restartHandler = handler;
}

/** Restarts shortly after the answer that announced it has left. */
export function requestRestart(reason: string) {
  log.info("update.restart", { reason });
  setTimeout(() => restartHandler?.(), 300);
}
