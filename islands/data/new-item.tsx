import type { CreatorProps } from "./creators";
import { adoptDataDialogStyles } from "./dialog-styles";
import { NewItemDialog } from "./NewItemDialog";

adoptDataDialogStyles();

/** The CALC and REPORT lists' creator: a name (and a kind of report) for the new item. */
export default function NewItemCreator(props: CreatorProps) {
  return <NewItemDialog {...props} />;
}
