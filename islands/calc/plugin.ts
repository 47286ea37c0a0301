import { mdiCalculatorVariantOutline } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** CALC: the script, its inputs and results; made from a name (with the default script). */
export const calcType: BrowserDataType = {
  type: "CALC",
  icon: mdiCalculatorVariantOutline,
  viewer: () => import("./viewer"),
  creator: () => import("../data/new-item"),
};
