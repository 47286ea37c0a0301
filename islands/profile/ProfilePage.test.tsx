import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import type { ProfileValues } from "./ProfileForm";
import ProfilePage from "./ProfilePage";

withDom();
const { render, within, fireEvent, act, waitFor } = await import("@testing-library/react");
const page = () => within(document.body);

pageStrings("en", en);
const server = fakeServer();

const ada: ProfileValues = {
  login: "ada",
  firstName: "Ada",
  lastName: "Byron",
  email: "ada@example.org",
  phoneNumber: "",
  position: "Engineer",
  company: "Bridges",
  gisLogin: "",
  gisPassword: "",
  emailNotificationsAllowed: true,
  smsNotificationsAllowed: false,
};
const errorOf = (name: string) => document.querySelector(`[data-error-for="${name}"]`)!.textContent;

describe("the profile page", () => {
  test("a cleared required field says so and nothing is sent; a directory account's own fields are locked and not sent", async () => {
    const { unmount } = render(<ProfilePage locale="en" initial={ada} locked={false} />);
    fireEvent.change(page().getByLabelText(en["profile.lastName"]), { target: { value: " " } });
    expect(errorOf("lastName")).toBe(en["registration.lastNameRequired"]);
    await act(async () => fireEvent.click(page().getByRole("button", { name: en["common.save"] })));
    expect(server.sent).toEqual([]);
    unmount();

    render(<ProfilePage locale="en" initial={ada} locked />);
    expect((page().getByLabelText(en["profile.firstName"]) as HTMLInputElement).disabled).toBe(true);
    expect((page().getByLabelText(en["profile.phone"]) as HTMLInputElement).disabled).toBe(false);
    server.answers.push({ status: 200, body: { id: 1 } });
    await act(async () => fireEvent.click(page().getByRole("button", { name: en["common.save"] })));
    const sent = server.sent[0]!.body as Record<string, unknown>;
    expect([sent.firstName, sent.company, sent.emailNotificationsAllowed]).toEqual([undefined, undefined, true]);
  });

  test("the password form: closed until both fields keep their rules; the server's refusal under its field, the typed text kept; done, the fields empty", async () => {
    render(<ProfilePage locale="en" initial={ada} locked={false} />);
    const form = within(document.getElementById("password-form")!);
    const submit = form.getByRole("button", { name: en["profile.changePassword"] }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(form.getByLabelText(en["profile.newPassword"]), { target: { value: "short" } });
    expect(errorOf("newPassword")).not.toBe("");
    expect(document.querySelector('[data-hint-for="newPassword"]')!.hasAttribute("data-met")).toBe(false);
    fireEvent.change(form.getByLabelText(en["profile.newPassword"]), { target: { value: "a-new-password-9" } });
    expect(document.querySelector('[data-hint-for="newPassword"]')!.hasAttribute("data-met")).toBe(true);
    fireEvent.change(form.getByLabelText(en["profile.currentPassword"]), { target: { value: "wrong" } });
    expect(submit.disabled).toBe(false);

    server.answers.push({ status: 422, body: { status: 422, error: "wrong_password", message: "The current password is not right", details: [{ path: "body.currentPassword", message: "The current password is not right" }] } });
    await act(async () => fireEvent.click(submit));
    expect(errorOf("currentPassword")).toBe("The current password is not right");
    expect((form.getByLabelText(en["profile.newPassword"]) as HTMLInputElement).value).toBe("a-new-password-9");

    fireEvent.change(form.getByLabelText(en["profile.currentPassword"]), { target: { value: "right-one" } });
    expect(errorOf("currentPassword")).toBe("");
    server.answers.push({ status: 200, body: { ok: true } });
    await act(async () => fireEvent.click(submit));
    await waitFor(() => form.getByText(en["profile.passwordChanged"]));
    expect((form.getByLabelText(en["profile.currentPassword"]) as HTMLInputElement).value).toBe("");
    expect(server.sent.at(-1)!.body).toEqual({ currentPassword: "right-one", newPassword: "a-new-password-9" });
  });
});
