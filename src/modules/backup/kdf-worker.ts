/**
 * The worker side of passphrase.ts's deriveKey: argon2id (hash-wasm) takes 0.5-2.5 s of one core, which on the
 * event loop would stall every request meanwhile.
 */
import { argon2id } from "hash-wasm";

declare var self: Worker;

export interface KdfRequest {
  passphrase: string;
  salt: Uint8Array;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

self.onmessage = async (event: MessageEvent<KdfRequest>) => {
  const { passphrase, salt, memoryKiB, iterations, parallelism } = event.data;
  try {
    const key = await argon2id({ password: passphrase.normalize("NFC"), salt, iterations, memorySize: memoryKiB, parallelism, hashLength: 32, outputType: "binary" });
    self.postMessage({ ok: true, key });
  } catch (error) {
    self.postMessage({ ok: false, message: String((error as Error)?.message ?? error) });
  }
};
