import { readableHue } from "../../lib/colors";

/**
 * The colour of a chart's `n`th series (or a pie's slice): hues a golden angle apart, so neighbours
 * differ, each by colors.ts's rule dark enough to read on white.
 */
export const seriesColor = (n: number) => readableHue(Math.round(n * 137.508) % 360);
