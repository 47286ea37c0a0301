import { mdiTranslate } from "@mdi/js";
import type { Locale } from "../../src/lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { LanguageButtons } from "./LanguageButtons";
import { Menu } from "./Menu";

function Languages() {
  const { t } = useT();
  return (
    <Menu summary={<Icon path={mdiTranslate} />} label={t("nav.language")}>
      <LanguageButtons />
    </Menu>
  );
}

/** The rail's language menu. */
export default function LanguageMenu({ locale }: { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Languages />
    </Localized>
  );
}
