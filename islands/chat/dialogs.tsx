/** The chat's form dialogs, loaded when first opened: create, rename, members and invitations. */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { mdiClose } from "./icons";
import { hasRank } from "../../src/lib/roles";
import { CHAT_DESCRIPTION_MAX, CHAT_NAME_MAX, USER_SEARCH_MAX } from "../../src/modules/chat/limits";
import { chatTitle, fullName } from "../../src/modules/chat/naming";
import { ApiError } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { ask, chatMembers, createChat, detachMember, inviteMembers, isOnline, joinPublicChat, me, publicChats, renameChat, searchUsers, usersNotMembers } from "./store";
import { ct } from "./strings";
import { Icon } from "../lib/ui/Icon";
import { Avatar, Dialog } from "./ui";
import { DialogActions } from "../lib/ui/Dialog";
import type { Chat, Member, Person, UserChoice } from "./types";

/** A search over users (debounced) with the chosen ones as removable chips. */
function UserPicker({ label, search, chosen, onChange, single }: { label: string; search: (str: string) => Promise<UserChoice[]>; chosen: UserChoice[]; onChange: (users: UserChoice[]) => void; single?: boolean }) {
  const id = useId();
  const [str, setStr] = useState("");
  const [found, setFound] = useState<UserChoice[]>([]);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    setSearching(true);
    const timer = setTimeout(() => {
      search(str.trim())
        .then((users) => call === latest.current && setFound(users))
        .catch(() => call === latest.current && setFound([]))
        .finally(() => call === latest.current && setSearching(false));
    }, 250);
    return () => clearTimeout(timer);
  }, [str]);
  const shown = found.filter((u) => !chosen.some((c) => c.id === u.id));
  return (
    <div className="field chat-picker">
      <label htmlFor={id}>{label}</label>
      {chosen.length > 0 && (
        <ul className="chat-chips" aria-label={ct("chat.chosen")}>
          {chosen.map((u) => (
            <li key={u.id}>
              {fullName(u)}
              <button type="button" aria-label={ct("chat.removeChosen", { name: fullName(u) })} onClick={() => onChange(chosen.filter((c) => c.id !== u.id))}>
                <Icon path={mdiClose} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!(single && chosen.length) && (
        <>
          <input id={id} type="search" value={str} autoComplete="off" maxLength={USER_SEARCH_MAX} placeholder={ct("chat.searchUsers")} onChange={(e) => setStr(e.target.value)} />
          <ul className="chat-picker__results" aria-label={ct("chat.searchResults")} aria-busy={searching}>
            {shown.map((u) => (
              <li key={u.id}>
                <button type="button" onClick={() => (onChange(single ? [u] : [...chosen, u]), setStr(""))}>
                  <Avatar name={fullName(u)} size={25} />
                  <span>
                    {fullName(u)}
                    {u.company && <small> · {u.company}</small>}
                  </span>
                </button>
              </li>
            ))}
            {!searching && !shown.length && <li className="chat-picker__none">{ct("chat.nothingFound")}</li>}
          </ul>
        </>
      )}
    </div>
  );
}

type NewType = "PUBLIC" | "PRIVATE" | "DIRECT";

export function CreateChat({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const admin = hasRank(me.role, "ADMIN");
  const [type, setType] = useState<NewType>("PRIVATE");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [members, setMembers] = useState<UserChoice[]>([]);
  const [recipient, setRecipient] = useState<UserChoice[]>([]);
  const [touched, setTouched] = useState(false);
  const [taken, setTaken] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const descId = useId();
  const trimmed = name.trim();
  const nameError =
    type === "DIRECT" ? "" : touched && !trimmed ? ct("chat.nameRequired") : taken.includes(trimmed.toLocaleLowerCase()) ? ct("chat.nameTaken") : "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (type === "DIRECT" ? !recipient.length : !trimmed || nameError) return;
    setBusy(true);
    try {
      onCreated(await createChat(type === "DIRECT" ? { type, recipient: recipient[0] } : { type, name: trimmed, description: description.trim(), members }));
    } catch (error) {
      // Spec 1 section 8: a failed creation is taken as a name already in use.
      if (error instanceof ApiError && error.status !== 0 && error.status !== 401 && error.status !== 403 && error.status !== 422 && type !== "DIRECT") {
        setTaken((list) => [...list, trimmed.toLocaleLowerCase()]);
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={ct("chat.createTitle")} onClose={onClose} wide>
      <form onSubmit={submit} noValidate>
        <fieldset className="chat-types">
          <legend>{ct("chat.type")}</legend>
          {(["PUBLIC", "PRIVATE", "DIRECT"] as NewType[])
            .filter((value) => value !== "PUBLIC" || admin)
            .map((value) => (
              <label key={value}>
                <input type="radio" name="chat-type" value={value} checked={type === value} onChange={() => setType(value)} /> {ct(`chat.type.${value}`)}
              </label>
            ))}
        </fieldset>
        {type === "DIRECT" ? (
          <UserPicker label={ct("chat.recipient")} search={searchUsers} chosen={recipient} onChange={setRecipient} single />
        ) : (
          <>
            <div className="field">
              <label htmlFor={nameId}>{ct("chat.name")}</label>
              <input
                id={nameId}
                value={name}
                maxLength={CHAT_NAME_MAX}
                required
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${nameId}-error`}
                onChange={(e) => setName(e.target.value)}
                onBlur={() => setTouched(true)}
              />
              <span className="field__error" id={`${nameId}-error`} role="alert">
                {nameError}
              </span>
            </div>
            <div className="field">
              <label htmlFor={descId}>{ct("chat.description")}</label>
              <input id={descId} value={description} maxLength={CHAT_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
            </div>
            <UserPicker label={ct("chat.addMembers")} search={searchUsers} chosen={members} onChange={setMembers} />
          </>
        )}
        {type === "DIRECT" && touched && !recipient.length && (
          <p className="form-error" role="alert">
            {ct("chat.recipientRequired")}
          </p>
        )}
        <DialogActions label={ct("chat.createSubmit")} onCancel={onClose} disabled={busy} />
      </form>
    </Dialog>
  );
}

export function Rename({ chat, onClose }: { chat: Chat; onClose: () => void }) {
  const [name, setName] = useState(chat.name);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(ct("chat.nameRequired"));
    if (trimmed === chat.name) return setError(ct("chat.nameUnchanged"));
    setBusy(true);
    try {
      await renameChat(chat, trimmed);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setError(ct("chat.nameTaken"));
      // The server words its field complaint in the page's language already.
      else if (failure instanceof ApiError && failure.status === 422) setError(failure.details[0]?.message ?? ct("chat.nameRequired"));
      else reportFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={ct("chat.renameTitle")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>{ct("chat.name")}</label>
          <input id={id} value={name} maxLength={CHAT_NAME_MAX} required autoFocus aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} onChange={(e) => (setName(e.target.value), setError(""))} />
          <span className="field__error" id={`${id}-error`} role="alert">
            {error}
          </span>
        </div>
        <DialogActions label={ct("common.save")} onCancel={onClose} disabled={busy} />
      </form>
    </Dialog>
  );
}

export function Members({ chat, onClose }: { chat: Chat; onClose: () => void }) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invited, setInvited] = useState<UserChoice[]>([]);
  const [busy, setBusy] = useState(false);
  const canInvite = chat.type === "PUBLIC" || chat.type === "PRIVATE";
  const owner = chat.ownerID === me.id;
  const load = () =>
    chatMembers(chat.id)
      .then(setMembers)
      .catch((error) => (reportFailure(error), setMembers([])));
  useEffect(() => {
    void load();
  }, [chat.id]);

  const invite = async () => {
    if (!invited.length) return;
    setBusy(true);
    try {
      await inviteMembers(chat, invited);
      setInvited([]);
      await load();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const detach = async (user: Person) => {
    const leaving = user.id === me.id;
    const question = leaving ? ct("chat.leaveConfirm", { name: chatTitle(chat) }) : ct("chat.removeMemberConfirm", { name: fullName(user) });
    if (!(await ask(question, leaving ? ct("chat.leave") : ct("chat.removeMember")))) return;
    try {
      await detachMember(chat, user.id);
      if (leaving) onClose();
      else await load();
    } catch (error) {
      reportFailure(error);
    }
  };

  return (
    <Dialog title={ct("chat.membersTitle", { name: chatTitle(chat) })} onClose={onClose} wide>
      <ul className="chat-members-list" aria-busy={members === null}>
        {(members ?? []).map((user) => (
          <li key={user.id}>
            <Avatar name={fullName(user)} size={25} online={isOnline(user.id)} />
            <span className="chat-members-list__name">
              {fullName(user)}
              {user.id === chat.ownerID && <span className="badge">{ct("chat.owner")}</span>}
              {user.position && <small>{user.position}</small>}
            </span>
            {chat.type === "PRIVATE" && owner && user.id !== me.id && (
              <button type="button" className="btn btn--ghost" onClick={() => detach(user)}>
                {ct("chat.removeMember")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canInvite && (
        <div className="chat-invite">
          <UserPicker label={ct("chat.invite")} search={(str) => usersNotMembers(chat.id, str)} chosen={invited} onChange={setInvited} />
          <button type="button" className="btn" disabled={!invited.length || busy} onClick={invite}>
            {ct("chat.inviteSubmit")}
          </button>
        </div>
      )}
      <div className="chat-dialog__buttons">
        {(chat.type === "PRIVATE" || chat.type === "PUBLIC") && (
          <button type="button" className="btn btn--danger" onClick={() => detach({ id: me.id, firstName: me.firstName, lastName: me.lastName })}>
            {ct("chat.leave")}
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {ct("common.close")}
        </button>
      </div>
    </Dialog>
  );
}

type Browsed = Awaited<ReturnType<typeof publicChats>>[number];

/** Every PUBLIC chat by name, with its members: open one you are in, join one you are not (or left). */
export function BrowsePublic({ onClose, onOpen }: { onClose: () => void; onOpen: (id: number) => void }) {
  const [str, setStr] = useState("");
  const [found, setFound] = useState<Browsed[] | null>(null);
  const [joining, setJoining] = useState<number | null>(null);
  const id = useId();
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () =>
        publicChats(str)
          .then((list) => current && setFound(list))
          .catch((error) => (reportFailure(error), current && setFound([]))),
      str ? 250 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [str]);
  const open = async (chat: Browsed) => {
    if (!chat.joined) {
      setJoining(chat.id);
      try {
        await joinPublicChat(chat.id);
      } catch (error) {
        reportFailure(error);
        return setJoining(null);
      }
    }
    onClose();
    onOpen(chat.id);
  };
  return (
    <Dialog title={ct("chat.browseTitle")} onClose={onClose} wide>
      <div className="field">
        <label htmlFor={id}>{ct("chat.browseSearch")}</label>
        <input id={id} type="search" value={str} maxLength={USER_SEARCH_MAX} autoComplete="off" autoFocus onChange={(e) => setStr(e.target.value)} />
      </div>
      <ul className="chat-browse" aria-busy={found === null}>
        {(found ?? []).map((chat) => (
          <li key={chat.id}>
            <span className="chat-browse__name" id={`${id}-${chat.id}`}>
              {chat.name}
              {chat.description && <small>{chat.description}</small>}
            </span>
            <span className="chat-browse__count">{ct("chat.membersCount", { count: chat.numberOfMembers })}</span>
            <button type="button" className={chat.joined ? "btn btn--ghost" : "btn"} disabled={joining !== null} aria-describedby={`${id}-${chat.id}`} onClick={() => open(chat)}>
              {chat.joined ? ct("chat.browseOpen") : ct("chat.browseJoin")}
            </button>
          </li>
        ))}
      </ul>
      {found?.length === 0 && <p className="chat-list__empty">{ct("chat.nothingFound")}</p>}
      <div className="chat-dialog__buttons">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {ct("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
