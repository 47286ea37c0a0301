import styles from "./modbus.css?inline";
import { adoptStyles } from "../lib/styles";

/** The device units' styles, adopted once where a unit is shown (islands/lib/styles.ts says why). */
export const adoptModbusStyles = () => adoptStyles(styles);
