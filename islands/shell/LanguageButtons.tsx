import { mdiTranslate } from "@mdi/js";
import { LOCALES } from "../../src/lib/i18n";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { setLocale } from "../auth/locale";

/** A button per language, the current one pressed; `icons` in the profile menu. */
export function LanguageButtons({ icons = false }: { icons?: boolean }) {
  const { t, locale } = useT();
  return LOCALES.map((code) => (
    <button key={code} type="button" aria-pressed={code === locale} onClick={() => setLocale(code)}>
      {icons && <Icon path={mdiTranslate} />}
      {icons ? " " : ""}
      {t(`lang.${code}`)}
    </button>
  ));
}
