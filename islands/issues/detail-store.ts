/**
 * A task's detail, the state and the actions behind it (the list page's panel, a task's own page): the
 * last state the server confirmed and the one on screen, where every change shows at once and is
 * restored if the server refuses it. Made once per island (useState), so server renders share nothing.
 */
import { signal } from "@preact/signals-react";
import type { MessageKey } from "../../locales/en";
import { chatCore } from "../chat/core";
import { reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { assignIssue, changeCategories, changeDescription, changeField, changeDueDate, changeStatus, dayToMs, getIssue, removeIssue, renameIssue } from "./calls";
import type { FieldValue } from "./field-text";
import { personName, type Issue, type Person, type Status } from "./types";

interface DetailHooks {
  /** A change was shown (optimistically, confirmed or restored): the list and the board follow it. */
  changed?: (issue: Issue) => void;
  removed?: (id: number) => void;
}

const overdue = (issue: Pick<Issue, "status" | "dueDate">) => issue.status !== "DONE" && !!issue.dueDate && new Date(issue.dueDate).getTime() < Date.now();

export function createTaskDetail(members: Person[], first?: Issue) {
  const shown = signal<Issue | undefined>(first);
  /** Bumped to move the focus to the task's title (a task picked in the list). */
  const focusAsked = signal(0);
  let confirmed = first;
  const hooks: DetailHooks = {};

  function put(issue: Issue) {
    shown.value = issue;
    hooks.changed?.(issue);
  }

  /** Shows `next` at once, asks the server, then shows its answer or restores the last confirmed state. */
  async function change(next: Partial<Issue>, request: (id: number) => Promise<Issue>, success: (saved: Issue) => string) {
    const base = shown.value;
    if (!base) return;
    const optimistic = { ...base, ...next };
    put({ ...optimistic, overdue: overdue(optimistic) });
    try {
      const saved = await request(base.id);
      if (confirmed?.id !== saved.id) return;
      confirmed = saved;
      put(saved);
      snack(success(saved), "success");
    } catch (error) {
      if (confirmed?.id === base.id) put(confirmed);
      reportFailure(error);
    }
  }

  const said = (key: MessageKey) => () => t(key);

  const detail = {
    shown,
    focusAsked,
    members,
    hooks,
    /** Shows a task the page already has. */
    show(issue: Issue) {
      confirmed = issue;
      shown.value = issue;
    },
    /** Reads the task and shows it. */
    async open(id: number) {
      detail.show(await getIssue(id));
    },
    clear() {
      confirmed = undefined;
      shown.value = undefined;
    },
    setStatus(status: Status) {
      if (status === shown.value?.status) return Promise.resolve();
      return change({ status }, (id) => changeStatus(id, status), said("issue.statusChanged"));
    },
    assign(userId: number | null) {
      const person = userId === null ? null : (members.find((m) => m.id === userId) ?? null);
      return change({ performer: person }, (id) => assignIssue(id, userId), (saved) =>
        saved.performer ? tf("issue.assignedTo", { name: personName(saved.performer) }) : t("issue.dataChanged"),
      );
    },
    /** A date input's day; empty: none. */
    setDueDay(day: string) {
      const ms = dayToMs(day);
      return change({ dueDate: ms === null ? null : new Date(ms).toISOString() }, (id) => changeDueDate(id, ms), said("issue.dataChanged"));
    },
    setCategories(list: Issue["categoryList"]) {
      const ids = list.map((c) => c.id);
      return change({ categoryList: list }, (id) => changeCategories(id, ids), said("issue.categoriesChanged"));
    },
    rename(value: string) {
      if (value !== shown.value?.name) return change({ name: value }, (id) => renameIssue(id, value), said("issue.nameChanged"));
      return Promise.resolve();
    },
    /** One template value; a refusal is thrown for the field to show under it. */
    async setField(name: string, value: FieldValue | null) {
      const base = shown.value;
      if (!base) return;
      confirmed = await changeField(base.id, name, value);
      put(confirmed);
      snack(t("issue.fieldSaved"), "success");
    },
    /** Saves the editor's blocks; answers whether the server took them (on a refusal the editor stays open with what was typed). */
    async saveDescription(blocks: string): Promise<boolean> {
      const base = shown.value;
      if (!base) return false;
      try {
        confirmed = await changeDescription(base.id, blocks);
        put(confirmed);
        snack(t("issue.descriptionChanged"), "success");
        return true;
      } catch (error) {
        reportFailure(error, t("issue.savingError"));
        return false;
      }
    },
    async remove() {
      const id = shown.value?.id;
      if (id === undefined) return;
      try {
        await removeIssue(id);
        snack(t("issue.taskRemoved"), "success");
        hooks.removed?.(id);
      } catch (error) {
        reportFailure(error, t("issue.savingError"));
      }
    },
    /**
     * Someone else's change posts a history line into the task's chat: the task is read again, so every
     * open view of it shows the change (and what the reader may now do) live. Answers the unsubscribe.
     */
    followHistory() {
      let refreshing = false;
      return chatCore.on((event) => {
        if (event.kind !== "topic" || event.event.type !== "MESSAGE") return;
        const { message } = event.event;
        const now = shown.value;
        if (message.messageKey !== "ISSUE_HISTORY" || !now || message.chatId !== now.chat?.id || refreshing) return;
        refreshing = true;
        getIssue(now.id)
          .then((fresh) => {
            // A change of ours in flight decides with its own answer.
            if (shown.value?.id !== now.id || shown.value !== confirmed) return;
            confirmed = fresh;
            put(fresh);
          })
          .catch(() => undefined)
          .finally(() => (refreshing = false));
      });
    },
  };
  return detail;
}

export type TaskDetailStore = ReturnType<typeof createTaskDetail>;
