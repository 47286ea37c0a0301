/** The untrusted worker's job behind compareVersions: the word diff and its cleaning, off the event loop. */
import { COMPARE_LIMITS, compareContents } from "./compare";

export default ({ before, after }: { before: string; after: string }) => compareContents(before, after, COMPARE_LIMITS.diffMs);
