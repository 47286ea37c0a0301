import { mdiPlus } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { type Style, StyleDialog } from "./StyleDialog";
import "./poi-admin.css";

/** /admin/lps: 'Стили объектов', Создать, the styles by name; a style opens its dialog. */
export default function StylesAdmin({ locale, styles }: { locale: Locale; styles: Style[] }) {
  return (
    <Localized locale={locale}>
      <Styles initial={styles} />
    </Localized>
  );
}

function Styles({ initial }: { initial: Style[] }) {
  const { t } = useT();
  const [styles, setStyles] = useState(initial);
  const [dialog, setDialog] = useState<{ editing?: Style }>();

  // Saving or deleting closes the dialog and reads the list again.
  async function refresh() {
    setDialog(undefined);
    try {
      setStyles(await call(server["layer-poi-style"].get()));
    } catch (error) {
      reportFailure(error, t("poi.styles.loadFailed"));
    }
  }

  return (
    <>
      <div className="poi-admin__head">
        <h1>{t("poi.styles.title")}</h1>
        <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setDialog({})}>
          <Icon path={mdiPlus} />
          {t("poi.styles.create")}
        </button>
      </div>
      <ul className="poi-admin__list">
        {styles.map((style) => (
          <li key={style.id}>
            <button type="button" className="poi-admin__item" aria-haspopup="dialog" onClick={() => setDialog({ editing: style })}>
              <span className="poi-admin__swatch" style={{ background: style.fill, borderColor: style.stroke }} aria-hidden="true" />
              {style.name}
            </button>
          </li>
        ))}
      </ul>
      {dialog && <StyleDialog editing={dialog.editing} onDone={() => void refresh()} onClose={() => setDialog(undefined)} />}
    </>
  );
}
