import type { CreatorProps } from "./creators";
import { adoptDataDialogStyles } from "./dialog-styles";
import { UploadWizard } from "./UploadWizard";

adoptDataDialogStyles();

/** The DOC list's creator (and the category page's upload button): the upload wizard. */
export default function UploadCreator(props: CreatorProps) {
  return <UploadWizard {...props} />;
}
