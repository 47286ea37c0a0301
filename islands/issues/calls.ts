import { api } from "../lib/api";
import type { Issue, Status } from "./types";

/** The task calls of spec 2 section 7 the pages make; each answers the task as the caller now sees it. */
export const getIssue = (id: number) => api<Issue>("issue/get", { query: { id } });

export const changeStatus = (id: number, status: Status) => api<Issue>("issue/change-status", { method: "POST", query: { id, status } });

export const renameIssue = (id: number, value: string) => api<Issue>("issue/update-name", { method: "POST", query: { id, value } });

/** No user: nobody is assigned. */
export const assignIssue = (id: number, userId: number | null) =>
  api<Issue>("issue/assignee", { method: "POST", query: userId === null ? { id } : { id, userId } });

/** Milliseconds, or null for none. */
export const changeDueDate = (id: number, date: number | null) =>
  api<Issue>("issue/update-due-date", { method: "POST", query: date === null ? { id } : { id, date } });

export const changeCategories = (id: number, categoryIds: number[]) =>
  api<Issue>("issue/update-category-list", { method: "POST", query: { id, value: categoryIds.join(",") } });

/** Editor.js block JSON as text. */
export const changeDescription = (id: number, description: string) => api<Issue>("issue/update", { body: { id, description } });

export const removeIssue = (id: number) => api<{ id: number }>("issue/remove", { method: "POST", query: { id } });

export interface NewIssue {
  name: string;
  project: { id: number };
  template?: { id: number } | null;
  additionalFields?: Record<string, string | number | boolean>;
  performer?: { id: number } | null;
  dueDate?: number | null;
  categoryList?: { id: number }[];
}

export const createIssue = (input: NewIssue) => api<Issue>("issue/save", { body: input });

/** A date input's value (YYYY-MM-DD) as the end of that local day in milliseconds (due that day: overdue only after it); empty: null. */
export function dayToMs(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999).getTime() : null;
}

/** A date for a date input (YYYY-MM-DD, local day). */
export function msToDay(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
