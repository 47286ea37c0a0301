import { describe, expect, test } from "bun:test";
import { withDom } from "../testing/dom";
import EditDetails from "./EditDetails";
import type { Item } from "./item-store";
import { NewItemDialog } from "./NewItemDialog";

withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

// Without a page's embedded strings the browser side shows keys, which is what these tests read.
const sent: string[] = [];
globalThis.fetch = (async (input: RequestInfo | URL) => {
  sent.push(new URL(String(input)).pathname);
  const refusal = { status: 422, error: "validation_failed", message: "The name is too long" };
  return new Response(JSON.stringify(refusal), { status: 422, headers: { "content-type": "application/json" } });
}) as typeof fetch;

const categories = [{ id: 5, name: "Piers", type: null }];

describe("the new-item dialog", () => {
  test("refuses an empty name before anything is sent, shows the server's refusal, and keeps what was typed", async () => {
    render(<NewItemDialog options={{ projectId: 3, dataType: "CALC", categories, onSaved: () => {} }} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "calc.create.title" })).toBeDefined();
    fireEvent.change(screen.getByLabelText("data.wizard.description"), { target: { value: "Beam" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Piers" }));
    await act(async () => fireEvent.click(screen.getByText("calc.create.submit")));
    expect(screen.getByText("data.edit.nameRequired")).toBeDefined();
    expect(sent).toEqual([]);
    expect((screen.getByLabelText("data.wizard.description") as HTMLTextAreaElement).value).toBe("Beam");
    expect((screen.getByRole("checkbox", { name: "Piers" }) as HTMLInputElement).checked).toBe(true);

    // The server's refusal shows in the dialog, which keeps everything typed.
    fireEvent.change(screen.getByLabelText("data.wizard.name"), { target: { value: "Beam area" } });
    await act(async () => fireEvent.click(screen.getByText("calc.create.submit")));
    await screen.findByText("The name is too long");
    expect(sent).toEqual(["/api/calc/save"]);
    expect((screen.getByLabelText("data.wizard.name") as HTMLInputElement).value).toBe("Beam area");
    expect((screen.getByLabelText("data.wizard.description") as HTMLTextAreaElement).value).toBe("Beam");
    sent.length = 0;
  });
});

const doc = {
  id: 9, dataType: "DOC", name: "Pier survey", status: "NO_DATA", description: "", shortDescription: "", isActive: true, creationDate: "2026-01-02T03:04:05.000Z",
  provider: { id: 1, name: "Survey Ltd" }, keywords: [], categoryList: [{ id: 5, name: "Piers", isDefault: false }], project: { id: 3, name: "Bridge" }, owner: null,
} as unknown as Item;

describe("the edit dialog", () => {
  test("fills from the item, and refuses a document without a data source in the dialog", async () => {
    render(<EditDetails locale="en" item={doc} categories={categories} providers={[]} keywords={[]} />);
    await act(async () => fireEvent.click(screen.getByTitle("data.edit.title")));
    expect((screen.getByLabelText("data.wizard.name") as HTMLInputElement).value).toBe("Pier survey");
    expect((screen.getByRole("checkbox", { name: "Piers" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText("data.wizard.provider"), { target: { value: " " } });
    fireEvent.change(screen.getByLabelText("data.wizard.description"), { target: { value: "North side" } });
    await act(async () => fireEvent.click(screen.getByText("common.save")));
    expect(screen.getByText("data.wizard.providerRequired")).toBeDefined();
    expect(sent).toEqual([]);
    expect((screen.getByLabelText("data.wizard.description") as HTMLTextAreaElement).value).toBe("North side");
  });
});
