import { mdiPlus } from "@mdi/js";
import type { Locale } from "../../src/lib/i18n";
import { useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { OnDemand } from "../lib/ui/OnDemand";
import { Localized, useT } from "../lib/ui/i18n";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";

interface CategoryUploadProps {
  locale: Locale;
  projectId: number;
  categoryId: number;
  categories: CategoryChoice[];
}

const loadWizard = () => import("./upload-wizard");

function UploadButton({ projectId, categoryId, categories }: Omit<CategoryUploadProps, "locale">) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" id="category-upload" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon path={mdiPlus} />
        {t("data.create.DOC")}
      </button>
      {open && (
        <OnDemand
          load={loadWizard}
          props={{ options: { projectId, dataType: "DOC", categories, categoryIds: [categoryId], onSaved: () => location.reload() }, onClose: () => setOpen(false) }}
        />
      )}
    </>
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
