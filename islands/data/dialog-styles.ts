import shared from "../../pages/_components/data/data.css?inline";
import { adoptStyles } from "../lib/styles";
import styles from "./data-dialogs.css?inline";

/** The data dialogs' styles, for the creators a list loads on demand (islands/lib/styles.ts says why they are adopted). */
export function adoptDataDialogStyles() {
  adoptStyles(shared);
  adoptStyles(styles);
}
