import styles from "./map.css?inline";
import { adoptStyles } from "../lib/styles";

/** The map's styles, adopted once where a map appears (islands/lib/styles.ts says why). */
export const adoptMapStyles = () => adoptStyles(styles);
