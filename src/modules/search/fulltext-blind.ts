import type { SecretBox } from "../../lib/secret-box";

// Chat messages are sealed at rest, so the index holds no word of them: each stem is stored as a keyed
// hash (HMAC-SHA256 under a key derived from the install's secret key, 16 hex characters, which the
// unicode61 tokenizer keeps as one token), and a query looks for each stem's hash beside the stem.

const hashers = new WeakMap<SecretBox, (stem: string) => string>();

/** The keyed hash of `stem` under the install's key, as the index stores it for chat messages. */
export function blindStem(box: SecretBox, stem: string): string {
  let hash = hashers.get(box);
  if (!hash) hashers.set(box, (hash = box.hasher("plexus full-text chat stems", 16)));
  return hash(stem);
}

/** What the index stores for a chat message's stems (`stemmed`, space-separated): their hashes, in order. */
export const blindStems = (box: SecretBox, stemmed: string) =>
  stemmed
    .split(" ")
    .filter(Boolean)
    .map((stem) => blindStem(box, stem))
    .join(" ");

/** A query word's stems and, for chat messages, their hashes: any of them matches. */
export const withBlindStems = (box: SecretBox, forms: string[]) => [...forms, ...forms.map((stem) => blindStem(box, stem))];
