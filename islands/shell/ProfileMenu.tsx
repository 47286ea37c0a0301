import { mdiCog, mdiFolder, mdiHelpCircleOutline, mdiLogout } from "@mdi/js";
import { colorFromName } from "../../src/lib/colors";
import type { Locale } from "../../src/lib/i18n";
import { signOutLocally } from "../lib/api";
import { live } from "../lib/live";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { LanguageButtons } from "./LanguageButtons";
import { Menu } from "./Menu";

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
}

async function exit() {
  live.stop();
  await call(server.logout.post(), { raw: true }).catch(() => undefined);
  signOutLocally();
}

function Profile({ person, withLanguages }: { person: Person; withLanguages: boolean }) {
  const { t } = useT();
  const fullName = `${person.firstName} ${person.lastName}`;
  // The initials are in the button's name with the word, as axe's label-content-name-mismatch asks.
  const avatar = (
    <>
      <span className="avatar" style={{ background: colorFromName(fullName) }}>
        {person.avatar || person.firstName.slice(0, 1)}
      </span>
      <span className="visually-hidden"> {t("nav.profile")}</span>
    </>
  );
  return (
    <Menu summary={avatar} label={t("nav.profile")} named>
      <div className="menu__head">
        <strong>{fullName}</strong>
        <small>{person.email}</small>
      </div>
      <a href="/profile">
        <Icon path={mdiCog} /> {t("nav.settings")}
      </a>
      <a href="/drive">
        <Icon path={mdiFolder} /> {t("nav.files")}
      </a>
      <a href="/help">
        <Icon path={mdiHelpCircleOutline} /> {t("nav.help")}
      </a>
      {withLanguages && <LanguageButtons icons />}
      <button type="button" onClick={exit}>
        <Icon path={mdiLogout} /> {t("nav.exit")}
      </button>
    </Menu>
  );
}

/**
 * The profile menu of the shell, the same in the rail and in the phone's bottom bar: who is signed in,
 * settings, files, help, the language (only in the bottom bar, where the rail's language menu is
 * missing) and exit.
 */
export default function ProfileMenu({ locale, person, withLanguages = false }: { locale: Locale; person: Person; withLanguages?: boolean }) {
  return (
    <Localized locale={locale}>
      <Profile person={person} withLanguages={withLanguages} />
    </Localized>
  );
}
