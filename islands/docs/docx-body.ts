import { call, server } from "../lib/server";

const BODY_TIMEOUT = 240_000;
const bodies = new Map<number, Promise<string>>();

/**
 * The converted HTML of a DOCX version: part 0 says how many parts there are, the rest are asked
 * for one request per part. Kept per version, so compare and re-selection do not load it again.
 */
export function loadBody(versionId: number): Promise<string> {
  let body = bodies.get(versionId);
  if (!body) {
    const part = (n: number) =>
      call(server.docs["get-body"]({ id: versionId }).get({ query: { part: n }, fetch: { signal: AbortSignal.timeout(BODY_TIMEOUT) } }));
    body = part(0).then(async (first) => {
      const rest = await Promise.all(Array.from({ length: Math.max(0, first.totalParts - 1) }, (_, i) => part(i + 1)));
      return [first, ...rest].map((p) => p.body).join("");
    });
    body.catch(() => bodies.delete(versionId));
    bodies.set(versionId, body);
  }
  return body;
}
