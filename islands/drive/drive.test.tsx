import { describe, expect, test } from "bun:test";
import { createSession, SESSION_COOKIE } from "../../src/modules/auth/sessions";
import { makeUser, OWN_PAGE_HEADERS, withTestApp } from "../../src/testing/harness";
import { withDom } from "../testing/dom";
import type { FileEntity } from "./common";

// The drive's store and share dialog against the real app (real SQLite, real routes): the browser's calls
// are handed to app.handle with the test person's cookie. Bun's own Request, FormData and File are kept:
// happy-dom replaces the globals once registered, and the app reads Bun's.
const { Request: BunRequest, FormData: BunFormData, File: BunFile } = globalThis;
const { t } = withTestApp();
withDom();
const { render, within, fireEvent, act, waitFor } = await import("@testing-library/react");
const { createDriveStore, DriveContext } = await import("./store");
const { ShareDialog } = await import("./ShareDialog");
const page = () => within(document.body);

let cookie = "";
globalThis.fetch = (async (input: string | URL, init: RequestInit = {}) => {
  const url = new URL(String(input));
  const { signal: _ignored, ...rest } = init;
  return t.app.handle(new BunRequest(`http://plexus.test${url.pathname}${url.search}`, { ...rest, headers: { ...(init.headers as Record<string, string>), ...OWN_PAGE_HEADERS, cookie } }));
}) as typeof fetch;

const handle = async (path: string, init: RequestInit) => t.app.handle(new BunRequest(`http://plexus.test/api${path}`, { ...init, headers: { ...OWN_PAGE_HEADERS, ...(init.headers as Record<string, string>) } }));

/** A new person with a session of their own: its cookie rides on every call the store makes. */
async function signedIn() {
  const person = await makeUser(t.db);
  cookie = `${SESSION_COOKIE}=${createSession(t.db, person.id).token}`;
  return person;
}

async function upload(name: string, text: string): Promise<FileEntity> {
  const form = new BunFormData();
  form.append("file", new BunFile([text], name));
  return (await handle("/files/save-user-file", { method: "POST", headers: { cookie }, body: form })).json();
}

const listed = async (): Promise<FileEntity[]> => (await handle("/files/get-file-entities", { headers: { cookie } })).json();
const quotaOf = async () => (await handle("/files/quota", { headers: { cookie } })).json();

describe("the drive's store", () => {
  test("a search asks the server after the typing pause, in any case and script; the selection keeps only files still listed", async () => {
    await signedIn();
    const photo = await upload("Фото объекта.txt", "site photos to come");
    const notes = await upload("notes.txt", "remember the gate");
    const store = createDriveStore(await listed(), await quotaOf());
    store.selectAll(true);
    expect([...store.selected.value].sort()).toEqual([photo.id, notes.id].sort());
    store.search("ФОТО");
    expect(store.files.value).toHaveLength(2);
    await waitFor(() => expect(store.files.value.map((file) => file.name)).toEqual(["Фото объекта.txt"]));
    expect([...store.selected.value]).toEqual([photo.id]);
  });

  test("removal takes the files off the list and the server and brings the space used down; a refused share changes nothing", async () => {
    await signedIn();
    const kept = await upload("kept.txt", "k");
    const gone = await upload("gone.txt", "g".repeat(2048));
    const store = createDriveStore(await listed(), await quotaOf());
    const usedBefore = store.quota.value.used;
    await store.remove([gone.id]);
    expect(store.files.value.map((file) => file.id)).toEqual([kept.id]);
    expect((await listed()).map((file) => file.id)).toEqual([kept.id]);
    await waitFor(() => expect(store.quota.value.used).toBe(usedBefore - 2048));

    const before = store.files.value;
    const refused = await store.setShared([kept.id, gone.id], true).catch((error) => error);
    expect(refused.status).toBe(404);
    expect(store.files.value).toBe(before);
    expect((await listed())[0]!.isShared).toBe(false);
  });
});

describe("the share dialog", () => {
  test("creates the link; a short password is refused before any call; the server's refusal is said in the dialog and what was typed stays", async () => {
    await signedIn();
    const file = await upload("gate codes.txt", "4711");
    const store = createDriveStore(await listed(), await quotaOf());
    store.share(store.files.value[0]!);
    render(
      <DriveContext.Provider value={store}>
        <ShareDialog />
      </DriveContext.Provider>,
    );
    await act(async () => fireEvent.click(page().getByRole("button", { name: "drive.createLink" })));
    await waitFor(() => expect(store.files.value[0]!.shareToken).toBeTruthy());
    const link = page().getByRole("textbox", { name: "drive.link" }) as HTMLInputElement;
    expect(link.value).toBe(`${location.origin}/shared-file/${store.files.value[0]!.shareToken}`);

    const password = page().getByLabelText("drive.password") as HTMLInputElement;
    fireEvent.change(password, { target: { value: "abc" } });
    await act(async () => fireEvent.click(page().getByRole("button", { name: "drive.saveOptions" })));
    expect(page().getByRole("alert").textContent).toBe("drive.passwordHint");

    // Two years ahead: past the longest a link may live, which only the server decides.
    const expires = page().getByLabelText("drive.expires") as HTMLInputElement;
    fireEvent.change(expires, { target: { value: `${new Date().getFullYear() + 2}-01-01` } });
    fireEvent.change(password, { target: { value: "gate-4711" } });
    await act(async () => fireEvent.click(page().getByRole("button", { name: "drive.saveOptions" })));
    await waitFor(() => expect(page().getByRole("alert").textContent).not.toBe(""));
    expect(password.value).toBe("gate-4711");
    expect(expires.value).toBe(`${new Date().getFullYear() + 2}-01-01`);
    const stored = (await listed()).find((entry) => entry.id === file.id)!;
    expect([stored.sharePassword, stored.shareExpiresAt]).toEqual([false, null]);
  });
});
