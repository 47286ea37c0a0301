import { describe, expect, test } from "bun:test";
import { MAIL_PLACEHOLDERS } from "../../src/modules/mail/kinds";
import { previewHtml, unknownPlaceholders } from "./mail-preview";

describe("the mail template editor's checks", () => {
  test("a placeholder the kind does not have is named once; the kind's own are not", () => {
    const known = MAIL_PLACEHOLDERS.RESET_PASSWORD;
    expect(unknownPlaceholders(["Hello {{firstName}}, {{login}}", "<a href='{{url}}'>{{ issueName }}</a> {{login}}"], known)).toEqual(["login", "issueName"]);
    expect(unknownPlaceholders(["{{firstName}} {{url}}"], known)).toEqual([]);
  });

  test("the preview fills the kind's placeholders with sample values, escaped, and leaves unknown ones empty as sending does", () => {
    const html = previewHtml("<p>Hi {{firstName}}, <a href=\"{{url}}\">open</a> {{issueName}}{{chatName}}</p>", MAIL_PLACEHOLDERS.NEW_MESSAGE, "https://plexus.example");
    expect(html).toBe('<p>Hi Anna, <a href="https://plexus.example/">open</a> Bridge crew</p>');
  });
});
