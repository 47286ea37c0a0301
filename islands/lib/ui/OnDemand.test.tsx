import { describe, expect, test } from "bun:test";
import type { CreatorProps } from "../../data/creators";
import { NewItemDialog } from "../../data/NewItemDialog";
import { withDom } from "../../testing/dom";
import { OnDemand } from "./OnDemand";

withDom();
const { render, screen, fireEvent, findByRole } = await import("@testing-library/react");

const options = { projectId: 3, dataType: "CALC" as const, categories: [], onSaved: () => {} };
let loads = 0;
/** A creator's module as a data type's plugin loads it (islands/data/plugin.ts). */
const load = async () => {
  loads++;
  return { default: (props: CreatorProps) => <NewItemDialog {...props} /> };
};

describe("a component loaded on demand (a data type's creator, the chart wizard)", () => {
  test("is rendered in its host's tree once loaded, stays the same when the host renders again, and goes when the host drops it", async () => {
    let closed = 0;
    const host = (open: boolean) => <main>{open && <OnDemand load={load} props={{ options, onClose: () => closed++ }} />}</main>;
    const { container, rerender } = render(host(true));
    const dialog = await findByRole(container, "dialog", { name: "calc.create.title" });
    // Inside the host, not an element of its own at the end of the page.
    expect(container.contains(dialog)).toBe(true);
    fireEvent.change(screen.getByLabelText("data.wizard.description"), { target: { value: "Beam" } });
    rerender(host(true));
    expect((screen.getByLabelText("data.wizard.description") as HTMLTextAreaElement).value).toBe("Beam");
    fireEvent.click(screen.getByRole("button", { name: "common.close" }));
    expect(closed).toBe(1);
    rerender(host(false));
    expect(screen.queryByRole("dialog")).toBeNull();
    // Opened again, the module is not loaded twice.
    rerender(host(true));
    await findByRole(container, "dialog", { name: "calc.create.title" });
    expect(loads).toBe(1);
  });
});
