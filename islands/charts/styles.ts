import styles from "./charts.css?inline";
import { adoptStyles } from "../lib/styles";

/** The charts' styles, adopted once where a chart or the wizard appears (islands/lib/styles.ts says why). */
export const adoptChartStyles = () => adoptStyles(styles);
