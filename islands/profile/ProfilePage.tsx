import type { Locale } from "../../src/lib/i18n";
import { Localized } from "../lib/ui/i18n";
import { PasswordForm } from "./PasswordForm";
import { type ProfileValues, ProfileForm } from "./ProfileForm";
import "./profile.css";

/** /profile: the signed-in user's own details, then their password. */
export default function ProfilePage({ locale, initial, locked }: { locale: Locale; initial: ProfileValues; locked: boolean }) {
  return (
    <Localized locale={locale}>
      <ProfileForm initial={initial} locked={locked} />
      <PasswordForm login={initial.login} />
    </Localized>
  );
}
