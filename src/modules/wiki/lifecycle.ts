import { eq } from "drizzle-orm";
import { articles } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { picturesOf, removePictureFiles } from "./pictures";

/** A removed project's wiki space goes with it: its articles (their versions and pictures with them), then the pictures' files. */
export function wireWikiLifecycle(ctx: AppContext) {
  ctx.lifecycle.on("projectRemoved", (tx, { projectId }) => {
    const ids = tx.select({ id: articles.id }).from(articles).where(eq(articles.projectId, projectId)).all().map((row) => row.id);
    const files = picturesOf(tx, ids);
    tx.delete(articles).where(eq(articles.projectId, projectId)).run();
    return () => removePictureFiles(ctx.config.dataDir, files);
  });
}
