import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { driveFiles, driveQuotas, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { audit } from "../audit/service";
import type { SetQuotaInput } from "./model";
import { requireQuotaManager } from "./policy";
import type { DriveQuota } from "./presenter";

/** 413 for an upload or a copy that would take a drive past its quota. */
export const quotaExceeded = () => new AppError(413, "drive_quota_exceeded", "Your files would exceed your quota: remove some first");

/** Bytes the user's drive holds now. */
const usedBytes = (db: Executor, ownerId: number): number =>
  db.select({ total: sql<number>`coalesce(sum(${driveFiles.size}), 0)` }).from(driveFiles).where(eq(driveFiles.ownerId, ownerId)).get()!.total;

/** The user's quota in bytes: an administrator's, else DRIVE_QUOTA_MB. */
const quotaBytes = (ctx: AppContext, db: Executor, userId: number): number =>
  db.select().from(driveQuotas).where(eq(driveQuotas.userId, userId)).get()?.quotaBytes ?? ctx.config.driveQuotaBytes;

/** Throws 413 drive_quota_exceeded unless `adding` more bytes fit in the user's quota; else the bytes that still fit. */
export function assertFits(ctx: AppContext, db: Executor, userId: number, adding: number): number {
  const room = quotaBytes(ctx, db, userId) - usedBytes(db, userId);
  if (adding > room || room <= 0) throw quotaExceeded();
  return room;
}

/** Use and quota of each of these users, for the administrators' list. */
export function quotasOf(ctx: AppContext, userIds: number[]): Map<number, DriveQuota> {
  if (!userIds.length) return new Map();
  const used = new Map(
    ctx.db
      .select({ ownerId: driveFiles.ownerId, total: sql<number>`sum(${driveFiles.size})` })
      .from(driveFiles)
      .where(inArray(driveFiles.ownerId, userIds))
      .groupBy(driveFiles.ownerId)
      .all()
      .map((row) => [row.ownerId, row.total]),
  );
  const custom = new Map(ctx.db.select().from(driveQuotas).where(inArray(driveQuotas.userId, userIds)).all().map((row) => [row.userId, row.quotaBytes]));
  return new Map(
    userIds.map((userId) => [
      userId,
      { userId, used: used.get(userId) ?? 0, quota: custom.get(userId) ?? ctx.config.driveQuotaBytes, custom: custom.has(userId) },
    ]),
  );
}

/** GET /files/quota: how much of their quota the actor's drive uses. */
export const ownQuota = (ctx: AppContext, actor: User): DriveQuota => quotasOf(ctx, [actor.id]).get(actor.id)!;

/**
 * POST /files/set-quota: an administrator sets a user's quota in MB, or null for the default.
 * Files already past a lowered quota stay; new uploads wait until the drive is below it.
 */
export function setQuota(ctx: AppContext, actor: User, input: SetQuotaInput): DriveQuota {
  const target = requireQuotaManager(ctx.db, actor, input.userId);
  ctx.db.transaction((tx) => {
    if (input.quotaMb === null) tx.delete(driveQuotas).where(eq(driveQuotas.userId, target.id)).run();
    else {
      const quota = input.quotaMb * 1024 * 1024;
      tx.insert(driveQuotas).values({ userId: target.id, quotaBytes: quota }).onConflictDoUpdate({ target: driveQuotas.userId, set: { quotaBytes: quota } }).run();
    }
    audit(tx, actor.id, "UPDATE", `drive quota of ${target.login}: ${input.quotaMb === null ? "default" : `${input.quotaMb} MB`}`);
  });
  return quotasOf(ctx, [target.id]).get(target.id)!;
}

