/**
 * Tasks' shapes in the browser: the server's presenters' answers as JSON (Wire), imported as types
 * only so no server code reaches a bundle, and the statuses in the spec's order.
 */
import type { MessageKey } from "../../locales/en";
import type { Wire } from "../../src/lib/responses";
import type { PresentedIssue, PresentedIssueSummary, PresentedTemplate } from "../../src/modules/issues/presenter";

export type Issue = Wire<PresentedIssue>;
export type IssueSummary = Wire<PresentedIssueSummary>;
export type Template = Wire<PresentedTemplate>;
export type Status = IssueSummary["status"];
export type Person = NonNullable<IssueSummary["performer"]>;

/** The statuses' translation keys, in the spec's order (BACKLOG 0 … DONE 3). */
const STATUS_KEYS: Record<Status, MessageKey> = {
  BACKLOG: "issueStatus.BACKLOG",
  OPEN: "issueStatus.OPEN",
  IN_PROGRESS: "issueStatus.IN_PROGRESS",
  DONE: "issueStatus.DONE",
};

export const STATUSES = Object.keys(STATUS_KEYS) as Status[];

export const isStatus = (value: unknown): value is Status => typeof value === "string" && Object.hasOwn(STATUS_KEYS, value);

export const personName = (p: Person | null | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : "");

