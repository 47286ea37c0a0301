import type { AppContext } from "../lib/context";
import { log } from "../lib/log";
import { removeUnclaimedPictures } from "../modules/wiki/pictures";
import { repeatJob } from "./repeat";

/** Every hour, removes wiki pictures that no article took within their grace period; returns a stop function. */
export const startUnclaimedPictureJob = (ctx: AppContext, intervalMs = 60 * 60_000) =>
  repeatJob(
    "unclaimed_pictures",
    () => {
      const removed = removeUnclaimedPictures(ctx.db, ctx.config.dataDir);
      if (removed) log.info("job.unclaimed_pictures_removed", { removed });
    },
    intervalMs,
  );
