import type { CreatorProps } from "../data/creators";
import { adoptDataDialogStyles } from "../data/dialog-styles";
import { adoptStyles } from "../lib/styles";
import { MapCreator } from "./MapCreator";
import styles from "./map-creator.css?inline";

adoptDataDialogStyles();
adoptStyles(styles);

/** The MAP list's creator (islands/data/plugin.ts): no OpenLayers comes with it. */
export default function MapCreatorModule(props: CreatorProps) {
  return <MapCreator {...props} />;
}
