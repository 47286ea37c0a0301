import { formatSize, sizeUnits } from "../lib/files";
import type { Strings } from "../lib/ui/i18n";

/** Sizes in the reader's language, on the server as in the browser (a component's useT()). */
export const sizeFormat = ({ t, locale }: Strings) => {
  const units = sizeUnits(t);
  return (bytes: number) => formatSize(bytes, units, locale);
};
