import { describe, expect, test } from "bun:test";
import { es } from "../../locales/es";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import { full } from "./test-tasks";
import type { Issue } from "./types";

withDom();
const { render, within, fireEvent, act } = await import("@testing-library/react");
// After the DOM: react-dom decides at load whether the browser has input events.
const { createTaskDetail } = await import("./detail-store");
const { FieldValues } = await import("./FieldValues");
const page = () => within(document.body);

pageStrings("es", es);

const server = fakeServer();

const task = (additionalFields: Record<string, unknown>, canEdit = true): Issue =>
  full(8, {
    template: {
      id: 2,
      name: "Pour",
      icon: "",
      fields: [
        { name: "Grade", type: "LIST", required: false, options: "C25, C30" },
        { name: "Volume", type: "NUMBER", required: true, options: null },
      ],
      project: { id: 3 },
    },
    additionalFields,
    canEdit,
  });

function show(issue: Issue) {
  const detail = createTaskDetail([], issue);
  const changed: Issue[] = [];
  detail.hooks.changed = (next) => changed.push(next);
  const view = render(<FieldValues detail={detail} issue={issue} />);
  const rerender = () => view.rerender(<FieldValues detail={detail} issue={detail.shown.value!} />);
  return { detail, changed, rerender };
}

describe("a task's template values edited in place", () => {
  test("a number typed in the reader's locale is sent as a number, the answer shown, the list told, the focus back on Edit", async () => {
    const { changed, rerender } = show(task({ Grade: "C25", Volume: 12.5 }));
    expect(page().getByText("12,5")).toBeTruthy();
    fireEvent.click(page().getByRole("button", { name: "Editar «Volume»" }));
    const input = page().getByLabelText("Volume *") as HTMLInputElement;
    expect(input.value).toBe("12,5");
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "14,75" } });
    server.answers.push({ status: 200, body: task({ Grade: "C25", Volume: 14.75 }) });
    await act(async () => fireEvent.click(page().getByRole("button", { name: es["common.save"] })));
    expect(server.sent).toEqual([{ method: "POST", url: "/api/issue/update-field?id=8", body: { name: "Volume", value: 14.75 } }]);
    expect(changed.at(-1)?.additionalFields).toEqual({ Grade: "C25", Volume: 14.75 });
    rerender();
    expect(page().getByText("14,75")).toBeTruthy();
    expect(document.activeElement).toBe(page().getByRole("button", { name: "Editar «Volume»" }));
  });

  test("the server's refusal shows under the field and keeps the editor open; Escape leaves it unchanged", async () => {
    show(task({ Grade: "C25", Volume: 3 }));
    fireEvent.click(page().getByRole("button", { name: "Editar «Grade»" }));
    fireEvent.change(page().getByLabelText("Grade"), { target: { value: "C30" } });
    server.answers.push({ status: 422, body: { status: 422, error: "validation_failed", message: "no", details: [{ path: "body.additionalFields.Grade", message: "issue.fieldType.LIST" }] } });
    await act(async () => fireEvent.click(page().getByRole("button", { name: es["common.save"] })));
    expect(page().getByText(es["issue.fieldType.LIST"])).toBeTruthy();
    expect((page().getByLabelText("Grade") as HTMLSelectElement).value).toBe("C30");
    fireEvent.keyDown(page().getByLabelText("Grade"), { key: "Escape" });
    expect(page().queryByLabelText("Grade")).toBeNull();
    expect(page().getByText("C25")).toBeTruthy();
  });

  test("a number the reader refuses is said beside it and not sent", async () => {
    show(task({ Volume: 3 }));
    fireEvent.click(page().getByRole("button", { name: "Editar «Volume»" }));
    fireEvent.change(page().getByLabelText("Volume *"), { target: { value: "tres" } });
    await act(async () => fireEvent.click(page().getByRole("button", { name: es["common.save"] })));
    expect(server.sent).toEqual([]);
    expect(page().getByText(es["common.number.not_a_number"])).toBeTruthy();
  });

  test("without the right to edit there is no Edit button", () => {
    show(task({ Volume: 3 }, false));
    expect(page().queryByRole("button", { name: "Editar «Volume»" })).toBeNull();
  });
});
