import { createServer, type Server, type Socket } from "node:net";
import { ServerTCP } from "modbus-serial";

/** What a simulated device holds: registers and bits by address (missing ones read 0), and every block read asked of it. */
export interface DeviceMemory {
  holding: Map<number, number>;
  input: Map<number, number>;
  coils: Map<number, boolean>;
  discrete: Map<number, boolean>;
  /** Each read as [kind, start, count]. */
  reads: [string, number, number][];
  /** Addresses answered with Modbus exception 2 (illegal data address). */
  refused: Set<number>;
}

export const newMemory = (): DeviceMemory => ({ holding: new Map(), input: new Map(), coils: new Map(), discrete: new Map(), reads: [], refused: new Set() });

/** A port free on loopback now (ServerTCP takes port 0 for "the default", 502). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * A real Modbus TCP device on loopback: modbus-serial's ServerTCP serving `memory` with unit id `unitId`. `stop`
 * drops its connections and stops listening, as a device that is switched off; start another on the same port to
 * bring it back.
 */
export async function startDevice(memory: DeviceMemory, port = 0, unitId = 1) {
  const check = (start: number, count: number) => {
    for (let a = start; a < start + count; a++) if (memory.refused.has(a)) throw { modbusErrorCode: 0x02, msg: "Illegal data address" };
  };
  const registers = (kind: string, map: Map<number, number>) => (start: number, count: number) => {
    memory.reads.push([kind, start, count]);
    check(start, count);
    return Array.from({ length: count }, (_, i) => map.get(start + i) ?? 0);
  };
  const one = (read: (start: number, count: number) => number[]) => (address: number) => read(address, 1)[0]!;
  const holding = registers("HOLDING", memory.holding);
  const input = registers("INPUT", memory.input);
  const bit = (kind: string, map: Map<number, boolean>) => (address: number) => {
    memory.reads.push([kind, address, 1]);
    check(address, 1);
    return map.get(address) ?? false;
  };
  const vector = {
    getMultipleHoldingRegisters: holding,
    getMultipleInputRegisters: input,
    getHoldingRegister: one(holding),
    getInputRegister: one(input),
    getCoil: bit("COIL", memory.coils),
    getDiscreteInput: bit("DISCRETE", memory.discrete),
    setRegister: () => undefined,
    setCoil: () => undefined,
  };
  const device = new ServerTCP(vector, { host: "127.0.0.1", port: port || (await freePort()), unitID: unitId });
  await new Promise<void>((resolve) => device.on("initialized", () => resolve()));
  const server = (device as unknown as { _server: Server })._server;
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    port: (server.address() as { port: number }).port,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => device.close(() => resolve()));
    },
  };
}
