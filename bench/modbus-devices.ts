// `bun bench/modbus-devices.ts N`: N simulated Modbus TCP devices (modbus-serial's ServerTCP) on loopback, in their
// own process so that their work does not count against the poller's event loop; prints their ports as a JSON line
// and serves until killed. Each holds a WORD at 0, a FLOAT at 1-2 and a WORD at 3 that change every 100 ms.
import { encodeFloat } from "../src/modules/modbus/decode";
import { newMemory, startDevice } from "../src/testing/modbus-device";

const count = Number(process.argv[2] ?? 100);
const memories = Array.from({ length: count }, newMemory);
const ports: number[] = [];
for (const memory of memories) ports.push((await startDevice(memory)).port);
let tick = 0;
setInterval(() => {
  tick++;
  memories.forEach((memory, i) => {
    memory.reads.length = 0;
    memory.holding.set(0, (tick + i) % 1000);
    encodeFloat(Math.sin(tick / 50 + i) * 10, "ABCD").forEach((word, j) => memory.holding.set(1 + j, word));
    memory.holding.set(3, i);
  });
}, 100);
console.log(JSON.stringify(ports));
