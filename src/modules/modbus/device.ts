import ModbusRTU from "modbus-serial";
import type { ModbusFieldRow, ModbusUnitRow } from "../../../db/schema";
import { planBlocks, type ReadBlock } from "./blocks";
import { decodeFloat } from "./decode";

/** One field's value as read, with a FLOAT's two registers (for the byte-order preview). */
export interface FieldReading {
  fieldId: number;
  value: number;
  registers?: [number, number];
}

/** What a device tells its poller. */
export interface DeviceEvents {
  readings(at: number, readings: FieldReading[]): void;
  online(online: boolean, at: number): void;
}

/** How long a request or a connection attempt may take, and the reconnect backoff after a failure. */
export interface DeviceTiming {
  timeoutMs: number;
  backoffMs: number;
  maxBackoffMs: number;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** The raw registers or bits of one block. */
async function readBlock(client: ModbusRTU, block: ReadBlock): Promise<number[]> {
  switch (block.kind) {
    case "HOLDING":
      return (await client.readHoldingRegisters(block.start, block.count)).data;
    case "INPUT":
      return (await client.readInputRegisters(block.start, block.count)).data;
    case "COIL":
      return (await client.readCoils(block.start, block.count)).data.slice(0, block.count).map(Number);
    case "DISCRETE":
      return (await client.readDiscreteInputs(block.start, block.count)).data.slice(0, block.count).map(Number);
  }
}

/** A field's value from its block's registers: scaled and offset for WORD and FLOAT, 0 or 1 for BOOLEAN. */
function decodeField(field: ModbusFieldRow, block: ReadBlock, data: number[]): FieldReading | undefined {
  const at = field.address - block.start;
  if (field.dataType === "BOOLEAN") return data[at] === undefined ? undefined : { fieldId: field.id, value: data[at] ? 1 : 0 };
  if (field.dataType === "WORD") return data[at] === undefined ? undefined : { fieldId: field.id, value: data[at]! * field.scale + field.offset };
  const registers: [number, number] = [data[at]!, data[at + 1]!];
  if (registers[1] === undefined) return undefined;
  const value = decodeFloat(registers, field.floatOrder) * field.scale + field.offset;
  return Number.isFinite(value) ? { fieldId: field.id, value, registers } : { fieldId: field.id, value: Number.NaN, registers };
}

/** A Modbus exception answer (illegal address, device busy): the device is there, so the link stays. */
const isModbusException = (error: unknown) => typeof (error as { modbusCode?: unknown })?.modbusCode === "number";

/**
 * One device: its own connection and at most one request in flight. A poll that finds the previous one still
 * running is counted as missed, never queued. A timeout, a dropped link or a garbage answer closes the connection
 * and the device is offline until a reconnect succeeds, tried after a backoff that doubles up to `maxBackoffMs`.
 */
export class Device {
  readonly blocks: ReadBlock<ModbusFieldRow>[];
  #client: ModbusRTU | undefined;
  #busy = false;
  #failures = 0;
  #retryAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  online: boolean | null = null;
  missed = 0;
  polls = 0;

  constructor(
    readonly unit: ModbusUnitRow,
    fields: ModbusFieldRow[],
    private readonly events: DeviceEvents,
    private readonly timing: DeviceTiming,
  ) {
    this.blocks = planBlocks(fields);
  }

  /** Polls every `pollMs`, the first after `phaseMs` (the poller staggers devices). */
  start(phaseMs: number) {
    this.#timer = setTimeout(() => {
      if (this.#stopped) return;
      this.tick();
      this.#timer = setInterval(() => this.tick(), this.unit.pollMs);
    }, phaseMs);
  }

  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearInterval(this.#timer);
    this.#drop();
  }

  tick() {
    if (this.#busy) {
      this.missed++;
      return;
    }
    this.#busy = true;
    this.poll()
      .catch(() => this.#fail())
      .finally(() => (this.#busy = false));
  }

  /** One poll: connect if needed (not before the backoff allows), then every block in turn. */
  async poll() {
    if (!this.#client?.isOpen) {
      if (Date.now() < this.#retryAt) return;
      await this.#connect();
    }
    const client = this.#client!;
    const readings: FieldReading[] = [];
    for (const block of this.blocks) {
      try {
        // The client's own timeout (set on connect) ends a request the device never answers.
        const data = await readBlock(client, block);
        for (const field of block.fields) {
          const reading = decodeField(field, block, data);
          if (reading && Number.isFinite(reading.value)) readings.push(reading);
        }
      } catch (error) {
        if (!isModbusException(error)) throw error;
      }
    }
    if (this.#stopped) return;
    this.polls++;
    this.#failures = 0;
    const at = Date.now();
    this.#setOnline(true, at);
    if (readings.length) this.events.readings(at, readings);
  }

  async #connect() {
    this.#drop();
    const client = new ModbusRTU();
    client.on("error", () => undefined); // the next request fails and drops the link
    this.#client = client;
    await withTimeout(client.connectTCP(this.unit.host, { port: this.unit.port }), this.timing.timeoutMs, "connect");
    client.setID(this.unit.slaveId);
    client.setTimeout(this.timing.timeoutMs);
  }

  #fail() {
    this.#failures++;
    this.#retryAt = Date.now() + Math.min(this.timing.maxBackoffMs, this.timing.backoffMs * 2 ** (this.#failures - 1));
    this.#drop();
    if (!this.#stopped) this.#setOnline(false, Date.now());
  }

  #drop() {
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    try {
      client.close(() => undefined);
    } catch {
      // A link that never opened has nothing to close.
    }
  }

  #setOnline(online: boolean, at: number) {
    if (this.online === online) return;
    this.online = online;
    this.events.online(online, at);
  }
}
