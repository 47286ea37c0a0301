import type { CreateOptions } from "./creators";
import { NewItemDialog } from "./NewItemDialog";
import { openDataDialog } from "./open-dialog";

/** Opens the create dialog of the types made from a name alone (the CALC and REPORT lists' create button). */
export const openNewItem = (options: CreateOptions) => openDataDialog((close) => <NewItemDialog options={options} onClose={close} />);
