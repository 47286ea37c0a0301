// npm on Node 20 resolves some packages to older releases (engine-aware resolution), so after
// `npm install` we let bun's installer lay node_modules out exactly as the committed bun.lock pins it.
// bun runs this same postinstall again; the marker variable stops the recursion.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!process.env.PLEXUS_BUN_INSTALL) {
  const bun = existsSync("node_modules/.bin/bun") ? "node_modules/.bin/bun" : "bun";
  const frozen = existsSync("bun.lock") ? ["--frozen-lockfile"] : [];
  execFileSync(bun, ["install", ...frozen], {
    stdio: "inherit",
    env: { ...process.env, PLEXUS_BUN_INSTALL: "1" },
  });
}
