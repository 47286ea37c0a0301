import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { answers } from "../../lib/responses";
import { backupSchema, dateBody, dateSchema, generatedSchema, madeSchema, passphraseBody, passphraseStatusSchema, restoreBody, restoredSchema, typeSchema } from "./presenter";
import { backupNow, backupType, deleteByDate, listBackups, passphraseStatus, restoreByDate, setGeneratedPassphrase, setPassphrase } from "./service";

/** Backups (spec 1, section 7 "Administration"): system administrators only. */
export const backupRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/backup" })
    .use(authPlugin(ctx))
    .get("/get-all", () => listBackups(ctx), { access: "SYSTEM_ADMIN", response: answers(t.Array(backupSchema)) })
    .get("/get-type", () => ({ type: backupType(ctx) }), { access: "SYSTEM_ADMIN", response: answers(typeSchema) })
    .post("/backup-now", ({ actor }) => backupNow(ctx, new Date(), actor.id), { access: "SYSTEM_ADMIN", response: answers(madeSchema) })
    .post("/restore-by-date", ({ actor, body }) => restoreByDate(ctx, actor, body.date, body.passphrase), { access: "SYSTEM_ADMIN", body: restoreBody, response: answers(restoredSchema) })
    .get("/get-passphrase-status", () => passphraseStatus(ctx), { access: "SYSTEM_ADMIN", response: answers(passphraseStatusSchema) })
    .post("/set-passphrase", ({ body }) => setPassphrase(ctx, body.passphrase), { access: "SYSTEM_ADMIN", body: passphraseBody, response: answers(passphraseStatusSchema) })
    .post("/generate-passphrase", () => setGeneratedPassphrase(ctx), { access: "SYSTEM_ADMIN", response: answers(generatedSchema) })
    .post("/delete-by-date", ({ actor, body }) => deleteByDate(ctx, actor, body.date), { access: "SYSTEM_ADMIN", body: dateBody, response: answers(dateSchema) });
