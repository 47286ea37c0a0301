/** A Word body's picture address (src/modules/docs/body-pictures.ts), with its hash. */
const PICTURE = /\/api\/docs\/get-picture\/\d+\?n=\d+&amp;h=(\w+)/g;

/**
 * Two versions' bodies made comparable: each picture's address names its version, so the same picture in
 * both would read as changed; it is compared by its hash instead, and `restore` puts an address back.
 */
export function comparablePictures(before: string, after: string) {
  const addresses = new Map<string, string>();
  for (const html of [before, after]) for (const match of html.matchAll(PICTURE)) addresses.set(match[1]!, match[0]);
  const keyed = (html: string) => html.replace(PICTURE, (_, hash: string) => `picture:${hash}`);
  return { before: keyed(before), after: keyed(after), restore: (html: string) => html.replace(/picture:(\w+)/g, (key, hash: string) => addresses.get(hash) ?? key) };
}
