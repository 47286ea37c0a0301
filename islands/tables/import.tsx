import type { CreatorProps } from "../data/creators";
import { adoptStyles } from "../lib/styles";
import styles from "./import.css?inline";
import { TableImport } from "./TableImport";

adoptStyles(styles);

/** The TABLE list's creator: the table import dialog. */
export default function TableCreator({ options, onClose }: CreatorProps) {
  return <TableImport projectId={options.projectId} categoryIds={options.categoryIds ?? []} onClose={onClose} />;
}
