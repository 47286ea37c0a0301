import { describe, expect, test } from "bun:test";
import { withDom } from "../../testing/dom";
import { useConfirm } from "./Confirm";

withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

// happy-dom's <dialog> has showModal and close, and fires "close" as a browser does.
function Asker({ onAnswer }: { onAnswer: (yes: boolean) => void }) {
  const [question, ask] = useConfirm();
  return (
    <>
      <button type="button" onClick={async () => onAnswer(await ask({ title: "Delete?", text: "Delete the bridge?", confirm: "Delete" }))}>
        remove
      </button>
      {question}
    </>
  );
}

describe("useConfirm", () => {
  test("asks in a modal dialog and answers yes once the action is pressed; the dialog goes", async () => {
    const answers: boolean[] = [];
    render(<Asker onAnswer={(yes) => answers.push(yes)} />);
    await act(async () => fireEvent.click(screen.getByText("remove")));
    const dialog = screen.getByRole("dialog", { name: "Delete?" }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain("Delete the bridge?");
    await act(async () => fireEvent.click(screen.getByText("Delete")));
    expect(answers).toEqual([true]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("Cancel, or the dialog closed by Escape, answers no, once", async () => {
    const answers: boolean[] = [];
    render(<Asker onAnswer={(yes) => answers.push(yes)} />);
    await act(async () => fireEvent.click(screen.getByText("remove")));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /cancel/i })));
    await act(async () => fireEvent.click(screen.getByText("remove")));
    await act(async () => (screen.getByRole("dialog") as HTMLDialogElement).close());
    expect(answers).toEqual([false, false]);
  });
});
