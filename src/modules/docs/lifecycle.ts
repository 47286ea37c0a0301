import type { AppContext } from "../../lib/context";
import { removeVersionFiles, versionFiles } from "./versions";

/** A removed project's documents leave their files: found before the rows go, removed once the removal has committed. */
export function wireDocLifecycle(ctx: AppContext) {
  ctx.lifecycle.on("projectRemoved", (tx, { projectId }) => {
    const paths = versionFiles(tx, { projectId });
    return () => removeVersionFiles(ctx, paths, { projectId });
  });
}
