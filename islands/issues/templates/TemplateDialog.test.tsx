import { describe, expect, test } from "bun:test";
import { en } from "../../../locales/en";
import { withDom } from "../../testing/dom";
import { fakeServer } from "../../testing/fake-server";
import { pageStrings } from "../../testing/page-strings";
import type { Template } from "../types";

withDom();
const { render, within, fireEvent, act } = await import("@testing-library/react");
// After the DOM: react-dom decides at load whether the browser has input events.
const { TemplateDialog } = await import("./TemplateDialog");
const page = () => within(document.body);

pageStrings("en", en);

const server = fakeServer();

const template: Template = {
  id: 6,
  name: "Pour",
  icon: "",
  fields: [
    { name: "Site", type: "STRING", required: true, options: null },
    { name: "Grade", type: "LIST", required: false, options: "C25, C30" },
    { name: "Volume", type: "NUMBER", required: false, options: null },
  ],
  project: { id: 3 },
};

const names = () => page().getAllByLabelText("Field name").map((input) => (input as HTMLInputElement).value);

describe("the template dialog's field order", () => {
  test("Move up and Move down reorder the fields, keep the focus on the moved field, and the save sends that order", async () => {
    const saved: Template[] = [];
    render(<TemplateDialog editing={template} types={["STRING", "LIST", "NUMBER"]} onSaved={(tpl) => saved.push(tpl)} onClose={() => undefined} />);
    expect((page().getByRole("button", { name: "Move «Site» up" }) as HTMLButtonElement).disabled).toBe(true);
    expect((page().getByRole("button", { name: "Move «Volume» down" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(page().getByRole("button", { name: "Move «Volume» up" }));
    expect(names()).toEqual(["Site", "Volume", "Grade"]);
    expect(document.activeElement).toBe(page().getByRole("button", { name: "Move «Volume» up" }));
    fireEvent.click(page().getByRole("button", { name: "Move «Volume» up" }));
    expect(names()).toEqual(["Volume", "Site", "Grade"]);
    // At the top its Move up is off: the focus goes to its Move down.
    expect(document.activeElement).toBe(page().getByRole("button", { name: "Move «Volume» down" }));
    fireEvent.click(page().getByRole("button", { name: "Move «Site» down" }));
    expect(names()).toEqual(["Volume", "Grade", "Site"]);
    server.answers.push({ status: 200, body: template });
    await act(async () => fireEvent.click(page().getByRole("button", { name: "Save" })));
    const body = server.sent[0]!.body as { id: number; fields: { name: string }[] };
    expect(body.fields.map((f) => f.name)).toEqual(["Volume", "Grade", "Site"]);
    expect(body).not.toHaveProperty("project");
    expect(saved).toHaveLength(1);
  });

  test("a new template made on a project's page is that project's", async () => {
    render(<TemplateDialog types={["STRING"]} projectId={3} onSaved={() => undefined} onClose={() => undefined} />);
    fireEvent.change(page().getByLabelText("Name"), { target: { value: "Strip" } });
    server.answers.push({ status: 200, body: { ...template, name: "Strip", fields: [] } });
    await act(async () => fireEvent.click(page().getByRole("button", { name: "Save" })));
    expect(server.sent[0]).toEqual({ method: "POST", url: "/api/issue-template/save", body: { project: { id: 3 }, name: "Strip", icon: "", fields: [] } });
  });
});
