import type { MailTemplateType } from "../../../db/schema";

/**
 * The values each kind of mail is sent with, as `{{name}}` placeholders: what the template editor lists beside
 * each kind. mail/kinds.test.ts checks the built-in texts use no others. This file imports no server code.
 */
export const MAIL_PLACEHOLDERS: Record<MailTemplateType, readonly string[]> = {
  USER_ACTIVATION: ["firstName", "login", "url"],
  NEW_USER: ["firstName", "lastName", "login", "email", "url"],
  RESET_PASSWORD: ["firstName", "url"],
  NEW_MESSAGE: ["firstName", "chatName", "url"],
  NEW_ISSUE: ["firstName", "issueName", "url"],
  TEST_MESSAGE: [],
  ISSUE_REMINDER: ["firstName", "issueName", "dueDate", "url"],
  EMAIL_CHANGED: ["firstName", "login", "oldEmail", "newEmail", "changedBy"],
  MENTION: ["firstName", "authorName", "chatName", "url"],
};

/** Template limits, for the route, the service and the editor. */
export const MAIL_TEMPLATE_LIMITS = { subject: 255, value: 100_000 };
