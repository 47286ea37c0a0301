import { invalid } from "../../lib/errors";
import { runUntrusted, UntrustedJobError } from "../../lib/untrusted-worker";
import type { DescriptionJobResult } from "./description-job";
import { ISSUE_LIMITS } from "./limits";

type Built = { json: string; html: string };

/**
 * A description sent to save, built in the worker when it is long enough to be felt on the event loop (a
 * 200 KB one takes ~10 ms there), after `authorise` (which throws if the actor, `owner`, may not save it); undefined
 * when it is short, for checkChanges to build at once. The answer gives the built description or throws its
 * 422, when the save's other checks run.
 */
export async function prebuiltDescription(raw: string | null | undefined, authorise: () => unknown, owner?: number): Promise<(() => Built) | undefined> {
  if (!raw || raw.length < ISSUE_LIMITS.descriptionOnLoop) return undefined;
  authorise();
  let result: DescriptionJobResult;
  try {
    result = await runUntrusted<DescriptionJobResult>(new URL("./description-job.ts", import.meta.url), raw, { timeoutMs: 10_000, maxRssGrowthBytes: 512 * 1024 * 1024 }, { owner });
  } catch (error) {
    if (!(error instanceof UntrustedJobError)) throw error;
    // A worker that died is no fault of the description: it is built on the loop instead, as a short one is.
    if (error.reason === "failed" || error.reason === "crashed") return undefined;
    result = { details: [{ path: "body.description", message: "validation.tooLong", code: "validation.tooLong" }] };
  }
  return () => {
    if ("details" in result) throw invalid(result.details);
    return result.built;
  };
}
