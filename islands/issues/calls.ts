import { call, server } from "../lib/server";
import type { Status } from "./types";

/** The task calls of spec 2 section 7 the pages make, through the typed client; each answers the task as the caller now sees it. */
const issue = server.issue;

export const getIssue = (id: number) => call(issue.get.get({ query: { id } }));

export const changeStatus = (id: number, status: Status) => call(issue["change-status"].post({}, { query: { id, status } }));

export const renameIssue = (id: number, value: string) => call(issue["update-name"].post({}, { query: { id, value } }));

/** No user: nobody is assigned. */
export const assignIssue = (id: number, userId: number | null) => call(issue.assignee.post({}, { query: userId === null ? { id } : { id, userId } }));

/** Milliseconds, or null for none. */
export const changeDueDate = (id: number, date: number | null) => call(issue["update-due-date"].post({}, { query: date === null ? { id } : { id, date: String(date) } }));

export const changeCategories = (id: number, categoryIds: number[]) => call(issue["update-category-list"].post({}, { query: { id, value: categoryIds.join(",") } }));

/** Editor.js block JSON as text. */
export const changeDescription = (id: number, description: string) => call(issue.update.post({ id, description }));

export const removeIssue = (id: number) => call(issue.remove.post({}, { query: { id } }));

export type NewIssue = Parameters<typeof issue.save.post>[0];

export const createIssue = (input: NewIssue) => call(issue.save.post(input));

export type IssueSearch = Parameters<(typeof issue)["find-pageable-search-result"]["post"]>[0];

export const findIssues = (projectId: number, body: IssueSearch, signal: AbortSignal) =>
  call(issue["find-pageable-search-result"].post(body, { query: { projectId }, fetch: { signal } }));

/** The board's first page of each status, with each status's count. */
export const findBoard = (projectId: number, body: IssueSearch, signal: AbortSignal) => call(issue["find-board"].post(body, { query: { projectId }, fetch: { signal } }));

/** One template value; null clears it. */
export const changeField = (id: number, name: string, value: string | number | boolean | null) => call(issue["update-field"].post({ name, value }, { query: { id } }));

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
