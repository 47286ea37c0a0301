import { describe, expect, test } from "bun:test";
import { ru } from "../../locales/ru";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import { CreateTaskDialog, type TaskChoices } from "./CreateTaskDialog";

withDom();
const { render, within, fireEvent, act } = await import("@testing-library/react");
// Queries of the document this file registered: `screen` keeps the one of the first test file run.
const page = () => within(document.body);

pageStrings("ru", ru);

const server = fakeServer();

const choices: TaskChoices = {
  members: [{ id: 4, firstName: "Ada", lastName: "Byron" }],
  categories: [{ id: 9, name: "Quay", type: null }],
  templates: [
    {
      id: 2,
      name: "Survey",
      icon: "📐",
      fields: [
        { name: "Location", type: "STRING", required: true, options: null },
        { name: "Depth", type: "NUMBER", required: false, options: null },
        { name: "Checked", type: "BOOLEAN", required: false, options: null },
      ],
      project: null,
    },
  ],
};

function open(place?: { mapId: number; lonLat: [number, number] }) {
  const created: unknown[] = [];
  render(<CreateTaskDialog projectId={3} choices={choices} place={place} onCreated={(issue) => created.push(issue)} onClose={() => undefined} />);
  const dialog = within(page().getByRole("dialog", { name: ru["issue.create"] }));
  const field = (name: string) => dialog.getByLabelText(name) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const send = () => act(async () => fireEvent.click(dialog.getByRole("button", { name: ru["issue.create"] })));
  return { dialog, field, type, send, created };
}

describe("the task creation dialog", () => {
  test("a template's fields appear once it is chosen; a required one left empty is refused without a call", async () => {
    const { dialog, field, type, send } = open();
    expect(dialog.queryByLabelText("Location *")).toBeNull();
    type(ru["issue.name"], "Check the wall");
    fireEvent.change(field(ru["issue.template"]), { target: { value: "2" } });
    expect(field("Location *").required).toBe(true);
    await send();
    expect(server.sent).toEqual([]);
    expect(dialog.getByRole("alert").textContent).toBe(ru["issue.createRefused"]);
  });

  test("a number the reader refuses is said beside its field, nothing is sent, and the text stays", async () => {
    const { dialog, field, type, send } = open();
    type(ru["issue.name"], "Check the wall");
    fireEvent.change(field(ru["issue.template"]), { target: { value: "2" } });
    type("Location *", "North pier");
    type("Depth", "18,5 м");
    await send();
    expect(server.sent).toEqual([]);
    expect(dialog.getByText(ru["common.number.not_a_number"])).toBeTruthy();
    expect(field("Depth").value).toBe("18,5 м");
    expect(document.activeElement).toBe(field("Depth"));
  });

  test("sends the values as the server takes them (a decimal comma read, a check as a boolean, the due day's end) and hands the made task on", async () => {
    const { field, type, send, created } = open();
    type(ru["issue.name"], "  Check the wall ");
    fireEvent.change(field(ru["issue.template"]), { target: { value: "2" } });
    type("Location *", "North pier");
    type("Depth", "0,35");
    fireEvent.change(field(ru["issue.performer"]), { target: { value: "4" } });
    type(ru["issue.dueDate"], "2030-05-17");
    fireEvent.click(field("Quay"));
    server.answers.push({ status: 200, body: { id: 11, name: "Check the wall" } });
    await send();
    expect(server.sent).toEqual([
      {
        method: "POST",
        url: "/api/issue/save",
        body: {
          name: "Check the wall",
          project: { id: 3 },
          template: { id: 2 },
          additionalFields: { Location: "North pier", Depth: 0.35, Checked: false },
          performer: { id: 4 },
          dueDate: new Date(2030, 4, 17, 23, 59, 59, 999).getTime(),
          categoryList: [{ id: 9 }],
        },
      },
    ]);
    expect(created).toEqual([{ id: 11, name: "Check the wall" }]);
  });

  test("the server's refusal is shown under the field it names, and what was typed stays", async () => {
    const { dialog, field, type, send, created } = open();
    type(ru["issue.name"], "Check the wall");
    fireEvent.change(field(ru["issue.template"]), { target: { value: "2" } });
    type("Location *", "North pier");
    server.answers.push({ status: 422, body: { status: 422, error: "validation_failed", message: "no", details: [{ path: "body.additionalFields.Location", message: "issue.fieldType.STRING" }] } });
    await send();
    expect(created).toEqual([]);
    expect(field("Location *").getAttribute("aria-invalid")).toBe("true");
    expect(dialog.getByText(ru["issue.fieldType.STRING"])).toBeTruthy();
    expect(field("Location *").value).toBe("North pier");
    expect(document.activeElement).toBe(field("Location *"));
    expect(field(ru["issue.name"]).value).toBe("Check the wall");
  });

  test("made from a map's menu, it says the place and sends the map and the point", async () => {
    const { dialog, type, send } = open({ mapId: 8, lonLat: [37.6173, 55.7558] });
    expect(dialog.getByText("Место: 55.75580, 37.61730 (широта, долгота)")).toBeTruthy();
    type(ru["issue.name"], "Pothole");
    server.answers.push({ status: 200, body: { id: 12, name: "Pothole" } });
    await send();
    expect(server.sent[0]!.body).toMatchObject({ name: "Pothole", map: { id: 8 }, coordinates: { type: "Point", coordinates: [37.6173, 55.7558] } });
  });

  test("a refusal naming no field is the form's own line", async () => {
    const { dialog, type, send } = open();
    type(ru["issue.name"], "Check the wall");
    server.answers.push({ status: 409, body: { status: 409, error: "conflict", message: "Taken elsewhere", details: [] } });
    await send();
    expect(dialog.getByRole("alert").textContent).toBe("Taken elsewhere");
  });
});
