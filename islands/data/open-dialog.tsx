import type { ReactNode } from "react";
import shared from "../../pages/_components/data/data.css?inline";
import type { Locale } from "../../src/lib/i18n";
import { locale } from "../lib/i18n";
import { mountDetached } from "../lib/mount-component";
import { adoptStyles } from "../lib/styles";
import { Localized } from "../lib/ui/i18n";
import styles from "./data-dialogs.css?inline";

/**
 * Opens one of the data feature's dialogs from a function entry point (a creator the list's button
 * loads on demand, so its styles are adopted rather than linked); it goes once `close` is called.
 */
export function openDataDialog(render: (close: () => void) => ReactNode) {
  adoptStyles(shared);
  adoptStyles(styles);
  const opened = mountDetached(<Localized locale={locale() as Locale}>{render(() => opened.destroy())}</Localized>);
}
