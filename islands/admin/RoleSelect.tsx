import { useState } from "react";
import { ROLES, type Role } from "../../src/lib/roles";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";

/** A user's role, saved as soon as it is chosen; a refused change puts the previous role back. */
export function RoleSelect({ userId, login, role, givable }: { userId: number; login: string; role: Role; givable: readonly Role[] }) {
  const { t } = useT();
  const [current, setCurrent] = useState(role);
  async function change(chosen: Role) {
    const before = current;
    setCurrent(chosen);
    try {
      await call(server.users.save.post({ id: userId, role: { groupName: chosen } }));
      snack(t("admin.users.roleSaved"), "success");
    } catch (error) {
      setCurrent(before);
      reportFailure(error);
    }
  }
  return (
    <select aria-label={`${t("admin.users.role")}: ${login}`} value={current} onChange={(event) => change(event.target.value as Role)}>
      {ROLES.map((option) => (
        <option key={option} value={option} disabled={option !== current && !givable.includes(option)}>
          {t(`role.${option}`)}
        </option>
      ))}
    </select>
  );
}
