import { sharedDb } from "../db/client";
import { seedAdmin } from "../db/seed";
import { loadConfig } from "./lib/config";
import { log } from "./lib/log";
import { seedPlaces } from "./modules/places/seed";
import { startServer } from "./web";
import { onRestartRequested, RESTART_EXIT_CODE } from "./modules/update/restart";

const startedAt = performance.now();
const config = loadConfig();
const db = sharedDb(config.dbPath);
const seeded = await seedAdmin(db, { login: config.adminLogin, password: config.adminPassword, email: config.adminEmail });
if (seeded.password) {
  // Printed once, on the first start only: the database keeps only its hash.
  console.log(`\n  First start: administrator "${config.adminLogin}" created with password: ${seeded.password}\n  Change it after signing in.\n`);
}
// The offline gazetteer on first start (about 0.5 s once; src/modules/places/data/README.md).
await seedPlaces(db);
const running = await startServer({ db, config });
log.info("server.started", { url: running.url, dataDir: config.dataDir, ms: Math.round(performance.now() - startedAt) });

/** Stops serving and closes the database; exits with `code` (RESTART_EXIT_CODE asks the supervisor to start the new build). */
const shutdown = async (code: number) => {
  await running.stop();
  db.$client.close();
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => shutdown(0));
onRestartRequested(() => shutdown(RESTART_EXIT_CODE));
