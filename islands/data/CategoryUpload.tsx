import { mdiPlus } from "@mdi/js";
import type { Locale } from "../../src/lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import type { CategoryChoice } from "./CategoryChecks";

interface CategoryUploadProps {
  locale: Locale;
  projectId: number;
  categoryId: number;
  categories: CategoryChoice[];
}

function UploadButton({ projectId, categoryId, categories }: Omit<CategoryUploadProps, "locale">) {
  const { t } = useT();
  async function open() {
    const { openUploadWizard } = await import("./upload-wizard");
    openUploadWizard({ projectId, dataType: "DOC", categories, categoryIds: [categoryId], onSaved: () => location.reload() });
  }
  return (
    <button type="button" className="btn" id="category-upload" aria-haspopup="dialog" onClick={() => void open()}>
      <Icon path={mdiPlus} />
      {t("data.create.DOC")}
    </button>
  );
}

/**
 * The category page's upload button: the document upload wizard (loaded when first opened) with this
 * category chosen; after a save the page shows the new documents and the progress they make.
 */
export default function CategoryUpload({ locale, ...props }: CategoryUploadProps) {
  return (
    <Localized locale={locale}>
      <UploadButton {...props} />
    </Localized>
  );
}
