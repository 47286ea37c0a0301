import { mdiAccountPlus, mdiDomain, mdiMagnify, mdiMessageTextOutline, mdiPencil } from "@mdi/js";
import { type FormEvent, useRef, useState } from "react";
import { colorFromName } from "../../src/lib/colors";
import type { MessageKey } from "../../locales/en";
import { writeTo } from "../chat/core";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { type Editing, MemberDialog } from "./MemberDialog";
import { groupMembers, type Member, type TreeCategory } from "./member-groups";
import { PanelDialog } from "./PanelDialog";

interface Candidate {
  id: number;
  firstName: string;
  lastName: string;
  login: string;
  role: string;
}

export interface UsersProps {
  projectId: number;
  projectName: string;
  members: Member[];
  /** The project's categories, for a USER's membership. */
  categories: TreeCategory[];
  admin: boolean;
  /** Active users outside the project, whom an administrator may add. */
  candidates: Candidate[];
  myId: number;
}

const fullName = (user: Member["user"]) => `${user.firstName} ${user.lastName}`;
const initials = (user: Member["user"]) => user.avatar || `${user.firstName.trim()[0] ?? ""}${user.lastName.trim()[0] ?? ""}`.toUpperCase();

function MemberCard({ member, company, admin, mine, onWrite, onEdit }: { member: Member; company: string; admin: boolean; mine: boolean; onWrite: () => Promise<void>; onEdit: () => void }) {
  const { t } = useT();
  const [writing, setWriting] = useState(false);
  const name = fullName(member.user);
  const role = member.user.role;
  return (
    <li className="ucard" data-search={`${name} ${company}`.toLocaleLowerCase()} data-member-id={member.id} data-user-id={member.user.id}>
      <span className="avatar" style={{ background: colorFromName(name) }} aria-hidden="true">
        {initials(member.user)}
      </span>
      <span className="ucard__text">
        <strong>{name}</strong>
        {member.user.position && <span>{member.user.position}</span>}
        <span className="muted">
          {t(`role.${role}` as MessageKey)}
          {member.moderator && role === "USER" ? ` · ${t("project.moderator")}` : ""}
        </span>
      </span>
      {!mine && (
        <button type="button" className="icon-btn" aria-label={`${t("chat.write")}: ${name}`} title={t("chat.write")} aria-busy={writing || undefined}
          onClick={() => {
            setWriting(true);
            void onWrite().finally(() => setWriting(false));
          }}>
          <Icon path={mdiMessageTextOutline} />
        </button>
      )}
      {admin && (
        <button type="button" className="icon-btn" data-member-edit aria-label={`${t("project.edit")}: ${name}`} title={t("project.edit")} onClick={onEdit}>
          <Icon path={mdiPencil} />
        </button>
      )}
    </li>
  );
}

function AddUser({ candidates, onPick }: { candidates: Candidate[]; onPick: (candidate: Candidate) => void }) {
  const { t } = useT();
  const [picked, setPicked] = useState(candidates[0]?.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = candidates.find((c) => c.id === picked);
    if (candidate) onPick(candidate);
  };
  return (
    <form className="add-user" id="add-user-form" onSubmit={submit}>
      {candidates.length ? (
        <>
          <div className="field">
            <label htmlFor="add-user-select">{t("project.chooseUser")}</label>
            <select id="add-user-select" name="userId" value={picked} onChange={(event) => setPicked(Number(event.target.value))}>
              {candidates.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.firstName} {u.lastName} ({u.login})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn">
            <Icon path={mdiAccountPlus} />
            {t("project.addUser")}
          </button>
        </>
      ) : (
        <p className="muted">{t("project.allUsersAdded")}</p>
      )}
    </form>
  );
}

function Companies({ groups, onPick, onClose }: { groups: { company: string; label: string; size: number }[]; onPick: (company: string) => void; onClose: () => void }) {
  const { t } = useT();
  return (
    <PanelDialog title={t("project.companies")} className="medium" onClose={onClose}>
      <ul className="menu-list companies">
        {groups.map((group) => (
          <li key={group.company}>
            <button type="button" className="btn btn--ghost" data-company-pick={group.company} onClick={() => onPick(group.company)}>
              <span>{group.label}</span>
              <span className="badge">{group.size}</span>
            </button>
          </li>
        ))}
      </ul>
    </PanelDialog>
  );
}

/**
 * The project users dialog (spec 2): search over name and company, users grouped by company, a
 * companies dialog, a write button (direct chat) on everyone else's card, and for administrators
 * the membership dialog (every member; the flag and categories for USERs) and adding a user.
 */
export function ProjectUsers({ projectId, projectName, members, categories, admin, candidates, myId, onClose }: UsersProps & { onClose: () => void }) {
  const { t, locale } = useT();
  const [needle, setNeedle] = useState("");
  const [companies, setCompanies] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const groups = groupMembers(members, locale).map((group) => ({ ...group, label: group.company || t("project.otherUsers") }));
  const wanted = needle.trim().toLocaleLowerCase();
  const matches = (member: Member, company: string) => !wanted || `${fullName(member.user)} ${company}`.toLocaleLowerCase().includes(wanted);
  const total = groups.reduce((sum, group) => sum + group.members.filter((m) => matches(m, group.company)).length, 0);
  const edit = (member: Member) =>
    setEditing({ membershipId: member.id, userId: member.user.id, name: fullName(member.user), role: member.user.role, moderator: member.moderator, categoryIds: member.categoryIds });
  const pickCompany = (company: string) => {
    setNeedle(company);
    setCompanies(false);
    search.current?.focus();
  };
  // The dialog closes so the chat panel is not under it; the server refuses writing to oneself too.
  const write = (userId: number) => {
    onClose();
    return writeTo(userId);
  };
  return (
    <>
      <PanelDialog title={t("project.usersTitle")} className="wide" onClose={onClose}>
        <div className="toolbar">
          <div className="search">
            <Icon path={mdiMagnify} />
            <label htmlFor="users-search" className="visually-hidden">
              {t("project.userSearch")}
            </label>
            <input id="users-search" ref={search} type="search" placeholder={t("project.userSearch")} autoComplete="off" value={needle} onChange={(event) => setNeedle(event.target.value)} />
          </div>
          <button type="button" className="btn btn--ghost" onClick={() => setCompanies(true)}>
            <Icon path={mdiDomain} />
            {t("project.companies")}
          </button>
        </div>
        {admin && <AddUser candidates={candidates} onPick={(u) => setEditing({ userId: u.id, name: `${u.firstName} ${u.lastName} (${u.login})`, role: u.role, moderator: false, categoryIds: [] })} />}
        <div className="ugroups">
          {groups.map((group) => {
            const shown = group.members.filter((m) => matches(m, group.company));
            return (
              <section className="ugroup" key={group.company} data-company={group.company} hidden={!shown.length}>
                <h3>
                  {group.label} <span className="badge">{shown.length}</span>
                </h3>
                <ul className="ulist">
                  {shown.map((member) => (
                    <MemberCard key={member.id} member={member} company={group.company} admin={admin} mine={member.user.id === myId} onWrite={() => write(member.user.id)} onEdit={() => edit(member)} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
        <p className="empty" hidden={total > 0}>
          {t("project.noUsers")}
        </p>
      </PanelDialog>
      {companies && <Companies groups={groups.map((g) => ({ company: g.company, label: g.label, size: g.members.length }))} onPick={pickCompany} onClose={() => setCompanies(false)} />}
      {editing && <MemberDialog projectId={projectId} projectName={projectName} categories={categories} editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
