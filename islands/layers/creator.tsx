import type { CreatorProps } from "../data/creators";
import { adoptDataDialogStyles } from "../data/dialog-styles";
import { adoptStyles } from "../lib/styles";
import { LayerCreator } from "./LayerCreator";
import styles from "./layers.css?inline";

adoptDataDialogStyles();
adoptStyles(styles);

/** The LAYER list's creator (islands/data/plugin.ts). */
export default function LayerCreatorModule(props: CreatorProps) {
  return <LayerCreator {...props} />;
}
