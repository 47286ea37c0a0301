import type { Locale } from "../../src/lib/i18n";
import { Localized } from "../lib/ui/i18n";
import { ObjectTable, type ObjectTableProps } from "./ObjectTable";

/** The poi-table page's island: the object table of one layer, its first page drawn by the server. */
export default function PoiTablePage({ locale, ...props }: ObjectTableProps & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <ObjectTable {...props} />
    </Localized>
  );
}
