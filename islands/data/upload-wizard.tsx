import type { CreateOptions } from "./creators";
import { openDataDialog } from "./open-dialog";
import { UploadWizard } from "./UploadWizard";

/** Opens the document upload wizard (the DOC list's create button, the category page's upload button). */
export const openUploadWizard = (options: CreateOptions) => openDataDialog((close) => <UploadWizard options={options} onClose={close} />);
