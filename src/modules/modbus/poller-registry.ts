import type { AppContext } from "../../lib/context";
import type { ModbusPoller } from "./poller";

const running = new WeakMap<AppContext, ModbusPoller>();

/** The poller started for this app, if any (tests of the API alone run without one). */
export const pollerOf = (ctx: AppContext) => running.get(ctx);

export function registerPoller(ctx: AppContext, poller: ModbusPoller | undefined) {
  if (poller) running.set(ctx, poller);
  else running.delete(ctx);
}
