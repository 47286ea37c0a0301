import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import type { Role } from "../../src/lib/roles";
import QuotaForm from "../drive/QuotaForm";
import { Localized, useT } from "../lib/ui/i18n";
import { RoleSelect } from "./RoleSelect";
import { UserActions } from "./UserActions";
import { DetailsDialog, SignInLinkDialog } from "./UserDialogs";
import { matchesFilter, searchTextOf } from "./user-filter";
import type { UserRow } from "./user-row";
import "./users-table.css";

interface Props {
  users: UserRow[];
  /** The roles this administrator may give (users/role-change.ts). */
  givable: Role[];
}

type Open = { kind: "details"; user: UserRow } | { kind: "link"; user: UserRow; url: string } | null;

/** Never activated: waiting; activated once and switched off: deactivated. */
const statusKey = (active: boolean, wasActivated: boolean) => (active ? "admin.users.active" : wasActivated ? "admin.users.deactivated" : "admin.users.inactive");

function Row({ user, givable, hidden, onOpen }: { user: UserRow; givable: Role[]; hidden: boolean; onOpen: (open: Open) => void }) {
  const { t, locale } = useT();
  const [active, setActive] = useState(user.isActive);
  // Switched on or off here: the server has activated the account at some point, so off now reads as deactivated.
  const [toggled, setToggled] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <tr data-user-id={user.id} hidden={hidden}>
      <td>{name}</td>
      <td>{user.login}</td>
      <td>{user.email}</td>
      <td>{user.manageable ? <RoleSelect userId={user.id} login={user.login} role={user.role} givable={givable} /> : t(`role.${user.role}`)}</td>
      <td>{user.registered}</td>
      <td>{user.lastLogin}</td>
      <td data-status>
        <span className={active ? "badge" : "badge badge--off"}>{t(statusKey(active, user.wasActivated || toggled))}</span>
      </td>
      <td className="drive-quota">
        <small>{user.quota.used}</small>
        {user.quota.form ? <QuotaForm locale={locale} userId={user.id} name={name} {...user.quota.form} /> : <span>{user.quota.size}</span>}
      </td>
      <UserActions
        user={user}
        active={active}
        onActiveChange={(now) => {
          setActive(now);
          setToggled(true);
        }}
        onDetails={() => onOpen({ kind: "details", user })}
        onSignInLink={(url) => onOpen({ kind: "link", user, url })}
      />
    </tr>
  );
}

function Users({ users, givable }: Props) {
  const { t } = useT();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState<Open>(null);
  const shown = users.map((user) => matchesFilter(searchTextOf(user), typed));
  const columns = ["admin.users.name", "admin.users.login", "admin.users.email", "admin.users.role", "admin.users.registered", "admin.users.lastLogin", "admin.users.status", "drive.quotaColumn", "admin.users.actions"] as const;
  return (
    <>
      <div className="field users-search">
        <label htmlFor="users-search">{t("admin.users.search")}</label>
        <input id="users-search" type="search" autoComplete="off" aria-controls="users-table" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <p id="users-no-matches" hidden={shown.some(Boolean)} role="status">
        {t("admin.users.noMatches")}
      </p>
      <div className="table-scroll">
        <table className="list" id="users-table">
          <thead>
            <tr>
              {columns.map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.map((user, index) => (
              <Row key={user.id} user={user} givable={givable} hidden={!shown[index]} onOpen={setOpen} />
            ))}
          </tbody>
        </table>
      </div>
      {open?.kind === "details" && <DetailsDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === "link" && <SignInLinkDialog name={`${open.user.firstName} ${open.user.lastName}`} url={open.url} onClose={() => setOpen(null)} />}
    </>
  );
}

/** /admin/users' table: the filter box, each user's role, status, quota and actions, and the dialogs they open. */
export default function UsersTable({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Users {...props} />
    </Localized>
  );
}
