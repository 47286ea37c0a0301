import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { zwsBuffer, type User } from "../../../db/schema";
import { requireDataItem } from "../data/policy";
import type { BufferInput } from "./model";

/** GET zws/buffer: a layer's stored data under `key` (value null when none); whoever may open the layer. */
export function readBuffer(db: Db, actor: User, layerId: number, key: string) {
  requireDataItem(db, actor, layerId, { type: "LAYER" });
  const row = db.select({ value: zwsBuffer.value }).from(zwsBuffer).where(and(eq(zwsBuffer.layerId, layerId), eq(zwsBuffer.key, key))).get();
  return { layerId, key, value: row?.value ?? null };
}

/** POST zws/buffer: stores (or replaces) a layer's data under a key; MODERATOR, since every reader of the layer is served it. */
export function writeBuffer(db: Db, actor: User, { id: { layerId, key }, value }: BufferInput) {
  requireDataItem(db, actor, layerId, { type: "LAYER", needed: "MODERATOR" });
  const changes = { value, updatedAt: new Date() };
  db.insert(zwsBuffer).values({ layerId, key, ...changes }).onConflictDoUpdate({ target: [zwsBuffer.layerId, zwsBuffer.key], set: changes }).run();
  return { layerId, key, value };
}
