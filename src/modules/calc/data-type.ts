import type { DataTypePlugin } from "../data/plugin";
import { CALC_CONTENT } from "./service";

/** CALC: a script and its parameters, run in the sandbox. */
export const calcType: DataTypePlugin = {
  type: "CALC",
  content: { script: (text) => CALC_CONTENT.script(text), props: (text) => CALC_CONTENT.props(text) },
};
