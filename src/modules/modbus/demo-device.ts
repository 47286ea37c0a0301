import { ServerTCP } from "modbus-serial";
import type { Db } from "../../../db/client";
import { log } from "../../lib/log";
import { encodeFloat } from "./decode";
import { unitsToPoll } from "./service";

/** Where `npm run demo` points its unit: a simulated device that Plexus runs itself while that unit exists. */
export const DEMO_DEVICE = { host: "127.0.0.1", port: 15020 };

/**
 * The demo's pump station: pressure ×10 in holding register 0, a FLOAT temperature in 1-2 and the pump's coil 0,
 * changing every second. Started only when a unit polls DEMO_DEVICE (the demo data are present); answers a stop.
 */
export function startDemoDevice(db: Db): () => void {
  const wanted = unitsToPoll(db).some(({ unit }) => unit.host === DEMO_DEVICE.host && unit.port === DEMO_DEVICE.port);
  if (!wanted) return () => undefined;
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const holding = (address: number) => {
    if (address === 0) return Math.round(50 + 25 * Math.sin(seconds() / 30));
    const temperature = encodeFloat(18 + 4 * Math.sin(seconds() / 300), "ABCD");
    return temperature[address - 1] ?? 0;
  };
  const device = new ServerTCP({ getHoldingRegister: holding, getCoil: () => Math.sin(seconds() / 30) > -0.8 }, { ...DEMO_DEVICE, unitID: 1 });
  device.on("error", (error: unknown) => log.warn("modbus.demo_device_failed", { error: String(error) }));
  return () => device.close(() => undefined);
}
