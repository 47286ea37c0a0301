import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { ApiError } from "../lib/api";
import { addMessages } from "../lib/i18n";
import { withDom } from "../testing/dom";
import { type ProjectFields, ProjectForm } from "./ProjectForm";

withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");
addMessages(en);

function renderForm(save: (fields: ProjectFields) => Promise<unknown>) {
  render(<ProjectForm prefix="p" categories={["Ports"]} save={save} onCancel={() => undefined} />);
  return { name: screen.getByLabelText("Name") as HTMLInputElement, saveButton: screen.getByRole("button", { name: "Save" }) as HTMLButtonElement };
}

describe("the project form", () => {
  test("Save waits for a name; the name is counted, and a cleared name is called required", async () => {
    const { name, saveButton } = renderForm(async () => undefined);
    expect(saveButton.disabled).toBe(true);
    await act(async () => fireEvent.change(name, { target: { value: "Harbour" } }));
    expect(saveButton.disabled).toBe(false);
    expect(screen.getByText("7 / 50")).toBeTruthy();
    await act(async () => fireEvent.change(name, { target: { value: "  " } }));
    expect(saveButton.disabled).toBe(true);
    expect(screen.getByText(en["project.nameRequired"])).toBeTruthy();
  });

  test("a refused save shows the server's complaint under its field and keeps what was typed", async () => {
    const sent: ProjectFields[] = [];
    const { name, saveButton } = renderForm(async (fields) => {
      sent.push(fields);
      throw new ApiError(422, "validation_failed", "x", [{ path: "body.category", message: "Too long" }]);
    });
    await act(async () => fireEvent.change(name, { target: { value: "Harbour" } }));
    await act(async () => fireEvent.change(screen.getByLabelText("Category"), { target: { value: "Ports" } }));
    await act(async () => fireEvent.click(saveButton));
    expect(sent).toEqual([{ name: "Harbour", description: "", category: "Ports" }]);
    expect(screen.getByText("Too long").id).toBe("p-category-error");
    expect(screen.getByLabelText("Category").getAttribute("aria-invalid")).toBe("true");
    expect(name.value).toBe("Harbour");
    expect(saveButton.disabled).toBe(false);
  });
});
