// The wiki compare's word diff (src/lib/html-diff.ts, with its cleaning: compareContents) on articles of 1,000 to
// 50,000 words with every 20th word changed, median of 3 runs each, beside splitting both versions at spaces (a
// floor that grows with the text alone) in the same run: a steady ratio is a linear cost. `bun bench/wiki-compare.ts`.
import { compareContents } from "../src/modules/wiki/compare";
import { articleVersions } from "../src/testing/wiki-versions";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = (run: () => unknown) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

compareContents("<p>warm</p>", "<p>up</p>");
for (const words of [1_000, 2_000, 10_000, 50_000]) {
  const [before, after] = articleVersions(words);
  const compare = median([0, 1, 2].map(() => timed(() => compareContents(before, after))));
  const split = median([0, 1, 2].map(() => timed(() => [before.split(/\s+/), after.split(/\s+/)])));
  console.log(`${words} words (${after.length} chars): compare ${compare.toFixed(0)} ms, splitting ${split.toFixed(2)} ms, ratio ${(compare / split).toFixed(0)}`);
}
