import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { Localized } from "../lib/ui/i18n";
import { pageStrings } from "../testing/page-strings";
import { withPlexusDom } from "../testing/plexus";

// The message box's @ suggestions against a real Plexus: the people the server offers for a task's
// comments, picked with the keyboard as the ARIA combobox pattern has it.

const { t, f, signIn, withBunFetch } = withPlexusDom();
const { render, screen, fireEvent, act, waitFor } = await import("@testing-library/react");
const { Composer } = await import("./composer");
pageStrings("en", en);

const SLOW = 60_000;

/**
 * A task's comment box as its project's moderator sees it. The page keeps each chat's people for its
 * life, by chat id, and every test's database counts ids from 1: `earlier` tasks give this one a new id.
 */
async function taskComments(earlier = 0) {
  const scene = await withBunFetch(() => f.projectScene());
  const save = () => t.call("POST", "/issue/save", { cookie: scene.moderator.cookie, body: { name: "Quay wall", project: { id: scene.project.id } } });
  for (let i = 0; i < earlier; i++) await withBunFetch(save);
  const issue = (await withBunFetch(save)).body;
  signIn(scene.moderator);
  const sent: string[] = [];
  render(
    <Localized locale="en">
      <Composer inputId="cm" chatId={issue.chat.id} canWrite onSend={(text) => void sent.push(text)} />
    </Localized>,
  );
  const box = screen.getByRole("combobox", { name: "Message" }) as HTMLTextAreaElement;
  return { scene, box, sent };
}

/** Types `value` with the caret at its end, as a person's typing leaves it. */
async function type(box: HTMLTextAreaElement, value: string) {
  await act(async () => {
    fireEvent.change(box, { target: { value } });
    box.setSelectionRange(value.length, value.length);
    fireEvent.select(box);
  });
}

const key = (box: HTMLTextAreaElement, name: string) => act(async () => void fireEvent.keyDown(box, { key: name }));

describe("mentioning in the message box", () => {
  test(
    "@ and a few letters list the task's project members (not outsiders, not oneself); arrows move, Enter puts the login in, then sends",
    async () => {
      const { scene, box, sent } = await taskComments();
      expect(box.getAttribute("aria-expanded")).toBe("false");
      await type(box, `Ask @${scene.member.user.lastName.slice(0, 4)}`);
      const list = await screen.findByRole("listbox", { name: "People to mention" }, { timeout: 10_000 });
      await waitFor(() => expect(box.getAttribute("aria-expanded")).toBe("true"));
      const names = () => screen.getAllByRole("option").map((o) => o.textContent);
      // Every project member whose name starts so (the factory's names share their first letters), never an outsider or the writer.
      expect(names()).toContain(`${scene.member.user.firstName} ${scene.member.user.lastName} @${scene.member.user.login}`);
      expect(names().some((n) => n?.includes(`@${scene.outsider.user.login}`) || n?.includes(`@${scene.moderator.user.login}`))).toBe(false);
      expect(box.getAttribute("aria-controls")).toBe(list.id);
      const options = screen.getAllByRole("option");
      expect(box.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
      expect(options[0]!.getAttribute("aria-selected")).toBe("true");
      if (options.length > 1) {
        await key(box, "ArrowDown");
        expect(box.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
        await key(box, "ArrowUp");
      }
      // Narrowed to the one member by the whole login, then picked with Enter: the text has the login, nothing is sent yet.
      await type(box, `Ask @${scene.member.user.login}`);
      await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(1));
      await key(box, "Enter");
      expect(box.value).toBe(`Ask @${scene.member.user.login} `);
      expect(box.getAttribute("aria-expanded")).toBe("false");
      expect(sent).toEqual([]);
      await type(box, `${box.value}please check`);
      await key(box, "Enter");
      expect(sent).toEqual([`Ask @${scene.member.user.login} please check`]);
    },
    SLOW,
  );

  test(
    "Escape closes the list and keeps the text; an @ inside a word (an address) offers nobody",
    async () => {
      const { scene, box } = await taskComments(1);
      await type(box, `@${scene.member.user.login}`);
      await waitFor(() => expect(box.getAttribute("aria-expanded")).toBe("true"), { timeout: 10_000 });
      await key(box, "Escape");
      expect(box.getAttribute("aria-expanded")).toBe("false");
      expect(box.value).toBe(`@${scene.member.user.login}`);
      await type(box, `mail ${scene.member.user.login}@example.com`);
      expect(box.getAttribute("aria-expanded")).toBe("false");
      expect(screen.queryAllByRole("option")).toEqual([]);
    },
    SLOW,
  );
});
