import type { SecretBox } from "../../lib/secret-box";

// Chat messages are sealed at rest, so the index holds no word of them: each stem is stored as a keyed
// hash (HMAC-SHA256 under a key derived from the install's secret key, 16 hex characters, which the
// unicode61 tokenizer keeps as one token), and a query looks for each stem's hash beside the stem.

/** Hashes remembered per key: words recur, and an HMAC costs several microseconds. */
const MEMO = 50_000;
const hashers = new WeakMap<SecretBox, { hash: (stem: string) => string; memo: Map<string, string> }>();

/** The keyed hash of `stem` under the install's key, as the index stores it for chat messages. */
export function blindStem(box: SecretBox, stem: string): string {
  let hasher = hashers.get(box);
  if (!hasher) hashers.set(box, (hasher = { hash: box.hasher("plexus full-text chat stems", 16), memo: new Map() }));
  let hashed = hasher.memo.get(stem);
  if (hashed === undefined) {
    if (hasher.memo.size >= MEMO) hasher.memo.clear();
    hasher.memo.set(stem, (hashed = hasher.hash(stem)));
  }
  return hashed;
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
