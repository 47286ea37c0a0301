import type { MessageKey } from "../../locales/en";
import { formatNumber } from "../../src/lib/numbers";
import { chatCore, openChatIn } from "../chat/core";
import { reportFailure } from "../lib/failures";
import { locale, t, tf } from "../lib/i18n";
import { confirmAction } from "../lib/confirm";
import { snack } from "../lib/snackbar";
import { whileAdoptingStyles } from "./adopt-styles";
import { assignIssue, changeCategories, changeDescription, changeDueDate, changeStatus, dayToMs, getIssue, msToDay, removeIssue, renameIssue } from "./calls";
import type { DescriptionEditor } from "./editor";
import { taskLink } from "./links";
import { isStatus, personName, type Issue, type Person } from "./types";

/** What the page hands its scripts besides the task: the pickers' people (for USER fields). */
interface Choices {
  members: Person[];
}

export interface DetailOptions {
  choices: Choices;
  /** A change was shown (optimistically, confirmed or restored): the list and the board follow it. */
  onChange?: (issue: Issue) => void;
  onRemoved?: (id: number) => void;
}

const overdue = (issue: Pick<Issue, "status" | "dueDate">) => issue.status !== "DONE" && !!issue.dueDate && new Date(issue.dueDate).getTime() < Date.now();

/**
 * A task's detail (pages/_components/issues/IssueDetail.astro): status with Done and Reopen,
 * name, assignee, due date with the overdue icon, categories, template values, the description
 * (the HTML the server built from its blocks; Editor.js loads only when someone edits) and the task's ISSUE chat
 * as its comments and history. Every change is shown at once and restored if the server refuses it.
 */
export function taskDetail(root: HTMLElement, options: DetailOptions) {
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const task = $("#td-task");
  const none = root.querySelector<HTMLElement>("#td-none");
  const status = $<HTMLSelectElement>("#td-status");
  const performer = $<HTMLSelectElement>("#td-performer");
  const due = $<HTMLInputElement>("#td-due");
  const renameForm = $<HTMLFormElement>("#td-rename");
  const nameInput = $<HTMLInputElement>("#td-name");
  const title = $("#td-title");
  const descHtml = $("[data-td-desc]");
  const editorHolder = $("[data-td-editor]");
  const editorActions = $("[data-td-editor-actions]");
  const chatEl = $("[data-td-chat]");
  const categoryBoxes = () => [...root.querySelectorAll<HTMLInputElement>("input[name=category]")];
  const dateFormat = new Intl.DateTimeFormat(locale(), { dateStyle: "medium" });
  const text = (key: string, value: string) => ($(`[data-td="${key}"]`).textContent = value);

  /** The last state the server confirmed, and the one on screen (with changes still in flight). */
  let current: Issue | undefined;
  let shown: Issue | undefined;
  let editor: DescriptionEditor | undefined;
  let chatId: number | null = null;

  function fill(issue: Issue) {
    shown = issue;
    const editable = issue.canEdit;
    text("name", issue.name);
    status.value = issue.status;
    $("[data-td-dot]").className = `td-dot td-dot--${issue.status}`;
    $("[data-td-done]").hidden = issue.status === "DONE";
    $("[data-td-reopen]").hidden = issue.status !== "DONE";
    const performerId = issue.performer ? String(issue.performer.id) : "";
    if (performerId && ![...performer.options].some((o) => o.value === performerId)) performer.add(new Option(personName(issue.performer), performerId));
    performer.value = performerId;
    due.value = msToDay(issue.dueDate);
    $("[data-td-overdue]").hidden = !issue.overdue;
    const ids = new Set(issue.categoryList.map((c) => c.id));
    for (const box of categoryBoxes()) box.checked = ids.has(Number(box.value));
    text("reporter", personName(issue.reporter) || "—");
    text("created", dateFormat.format(new Date(issue.creationDate)));
    text("template", issue.template ? `${issue.template.icon} ${issue.template.name}`.trim() : "—");
    fillFields(issue);
    descHtml.innerHTML = issue.descriptionHtml; // sanitised by the server (src/lib/sanitize.ts)
    $("[data-td-desc-empty]").hidden = !!issue.descriptionHtml.trim() || !!editor;
    for (const control of [status, performer, due, ...categoryBoxes()]) control.disabled = !editable;
    for (const button of root.querySelectorAll<HTMLButtonElement>("[data-td-done], [data-td-reopen], [data-td-rename], [data-td-edit]")) button.disabled = !editable;
    $("[data-td-remove]").hidden = !issue.canRemove;
    const link = root.querySelector<HTMLAnchorElement>("[data-td-open]");
    if (link) link.href = taskLink(issue);
  }

  function fillFields(issue: Issue) {
    const list = $("[data-td-fields]");
    list.replaceChildren();
    const values = issue.additionalFields ?? {};
    for (const field of issue.template?.fields ?? []) {
      const value = values[field.name];
      let shownValue = "—";
      if (value !== undefined && value !== null && value !== "") {
        if (field.type === "BOOLEAN") shownValue = t(value ? "common.yes" : "common.no");
        else if (field.type === "DATE") shownValue = dateFormat.format(new Date(value as number));
        else if (field.type === "NUMBER" && typeof value === "number") shownValue = formatNumber(value, locale());
        else if (field.type === "USER") shownValue = personName(options.choices.members.find((m) => m.id === value)) || String(value);
        else shownValue = String(value);
      }
      const dt = document.createElement("dt");
      dt.textContent = field.name;
      const dd = document.createElement("dd");
      dd.textContent = shownValue;
      list.append(dt, dd);
    }
    list.hidden = !list.childElementCount;
  }

  /** Shows `next` at once, asks the server, then shows its answer or restores the last confirmed state. */
  async function change(next: Partial<Issue>, call: (id: number) => Promise<Issue>, success: (saved: Issue) => string) {
    const base = shown;
    if (!base) return;
    const optimistic = { ...base, ...next };
    optimistic.overdue = overdue(optimistic);
    fill(optimistic);
    options.onChange?.(optimistic);
    try {
      const saved = await call(base.id);
      if (current?.id !== saved.id) return;
      current = saved;
      fill(saved);
      options.onChange?.(saved);
      snack(success(saved), "success");
    } catch (error) {
      if (current?.id === base.id) {
        fill(current);
        options.onChange?.(current);
      }
      reportFailure(error);
    }
  }

  const said = (key: MessageKey) => () => t(key);

  function setStatus(next: string) {
    if (!isStatus(next) || next === shown?.status) return;
    void change({ status: next }, (id) => changeStatus(id, next), said("issue.statusChanged"));
  }

  status.addEventListener("change", () => setStatus(status.value));
  $("[data-td-done]").addEventListener("click", () => setStatus("DONE"));
  $("[data-td-reopen]").addEventListener("click", () => setStatus("OPEN"));

  performer.addEventListener("change", () => {
    const userId = performer.value ? Number(performer.value) : null;
    const person = userId === null ? null : (options.choices.members.find((m) => m.id === userId) ?? null);
    void change({ performer: person }, (id) => assignIssue(id, userId), (saved) =>
      saved.performer ? tf("issue.assignedTo", { name: personName(saved.performer) }) : t("issue.dataChanged"),
    );
  });

  due.addEventListener("change", () => {
    if (due.value && !due.checkValidity()) return;
    const ms = dayToMs(due.value);
    void change({ dueDate: ms === null ? null : new Date(ms).toISOString() }, (id) => changeDueDate(id, ms), said("issue.dataChanged"));
  });

  root.addEventListener("change", (event) => {
    const box = event.target as HTMLInputElement;
    if (box.name !== "category" || !shown) return;
    const ids = categoryBoxes().filter((b) => b.checked).map((b) => Number(b.value));
    const names = new Map(categoryBoxes().map((b) => [Number(b.value), b.parentElement?.textContent?.trim() ?? ""]));
    const list = ids.map((id) => shown!.categoryList.find((c) => c.id === id) ?? { id, name: names.get(id) ?? "", type: null, isDefault: false });
    void change({ categoryList: list }, (id) => changeCategories(id, ids), said("issue.categoriesChanged"));
  });

  // Rename in place: the pencil shows the field; Enter saves, Escape or the cross cancels.
  const closeRename = () => {
    renameForm.hidden = true;
    title.hidden = false;
    $("[data-td-rename]").hidden = false;
    title.focus();
  };
  $("[data-td-rename]").addEventListener("click", () => {
    if (!shown) return;
    nameInput.value = shown.name;
    renameForm.hidden = false;
    title.hidden = true;
    $("[data-td-rename]").hidden = true;
    nameInput.focus();
    nameInput.select();
  });
  renameForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = nameInput.value.trim();
    if (!value) return nameInput.reportValidity();
    closeRename();
    if (value !== shown?.name) void change({ name: value }, (id) => renameIssue(id, value), said("issue.nameChanged"));
  });
  $("[data-rename-cancel]").addEventListener("click", closeRename);
  nameInput.addEventListener("keydown", (event) => event.key === "Escape" && (event.preventDefault(), closeRename()));

  // The description: Editor.js is imported the first time someone edits.
  function closeEditor() {
    editor?.destroy();
    editor = undefined;
    editorHolder.hidden = true;
    editorActions.hidden = true;
    descHtml.hidden = false;
    if (shown) fill(shown);
  }
  $("[data-td-edit]").addEventListener("click", async (event) => {
    if (!shown || editor) return;
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    try {
      const description = shown.description;
      editorHolder.hidden = false;
      editor = await whileAdoptingStyles(async () => (await import("./editor")).openDescriptionEditor(editorHolder, description));
      descHtml.hidden = true;
      $("[data-td-desc-empty]").hidden = true;
      editorActions.hidden = false;
      editor.focus();
    } catch (error) {
      editorHolder.hidden = true;
      reportFailure(error);
    } finally {
      button.disabled = !shown?.canEdit;
    }
  });
  $("[data-td-edit-cancel]").addEventListener("click", closeEditor);
  $("[data-td-edit-save]").addEventListener("click", async (event) => {
    if (!editor || !shown) return;
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    try {
      const saved = await changeDescription(shown.id, await editor.save());
      current = saved;
      closeEditor();
      fill(saved);
      options.onChange?.(saved);
      snack(t("issue.descriptionChanged"), "success");
    } catch (error) {
      reportFailure(error, t("issue.savingError"));
    } finally {
      button.disabled = false;
    }
  });

  $("[data-td-copy]").addEventListener("click", async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(new URL(taskLink(shown), location.origin).href);
      snack(t("issue.linkCopied"), "success");
    } catch (error) {
      reportFailure(error);
    }
  });

  $("[data-td-remove]").addEventListener("click", async () => {
    if (!shown || !(await confirmAction(tf("issue.removeConfirm", { name: shown.name })))) return;
    const id = shown.id;
    try {
      await removeIssue(id);
      snack(t("issue.taskRemoved"), "success");
      options.onRemoved?.(id);
    } catch (error) {
      reportFailure(error, t("issue.savingError"));
    }
  });

  function showComments(issue: Issue) {
    if (!issue.chat || issue.chat.id === chatId) return;
    chatId = issue.chat.id;
    chatEl.setAttribute("aria-busy", "true");
    openChatIn(chatEl, chatId)
      .catch((error) => {
        chatId = null;
        reportFailure(error);
      })
      .finally(() => chatEl.removeAttribute("aria-busy"));
  }

  // Someone else's change posts a history line into the task's chat: the task is read again, so
  // every open view of it shows the change (and what the reader may now do) live.
  let refreshing = false;
  chatCore.on((event) => {
    if (event.kind !== "topic" || event.event.type !== "MESSAGE") return;
    const { message } = event.event;
    if (message.messageKey !== "ISSUE_HISTORY" || message.chatId !== chatId || !shown || refreshing) return;
    const id = shown.id;
    refreshing = true;
    getIssue(id)
      .then((fresh) => {
        if (shown?.id !== id || shown !== current) return; // a change of ours is in flight: its answer decides
        current = fresh;
        fill(fresh);
        options.onChange?.(fresh);
      })
      .catch(() => undefined)
      .finally(() => (refreshing = false));
  });

  return {
    get id() {
      return shown?.id;
    },
    /** Shows a task the page already has (the task page's own). */
    show(issue: Issue) {
      if (editor && issue.id !== shown?.id) closeEditor();
      if (!renameForm.hidden) closeRename();
      current = issue;
      fill(issue);
      task.hidden = false;
      if (none) none.hidden = true;
      showComments(issue);
    },
    /** Reads the task and shows it. */
    async open(id: number) {
      this.show(await getIssue(id));
    },
    clear() {
      if (editor) closeEditor();
      current = shown = undefined;
      task.hidden = true;
      if (none) none.hidden = false;
    },
    focus() {
      title.focus();
    },
  };
}


