import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { withPlexusDom } from "../testing/plexus";
import { figureProblem, type Figure } from "./ChartFigure";
import ChartWizard from "./ChartWizard";
import * as wizard from "./wizard-store";

const { f, signIn, withBunFetch } = withPlexusDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

// Without a page's embedded strings the browser side shows keys, which is what these tests read.
const budget = { id: 7, name: "Budget", headers: [{ name: "Month", field: "a" }, { name: "url", field: "b" }, { name: "Revenue", field: "c" }, { name: "Costs", field: "d" }] };

let finance = 0;

async function openOn(table: typeof budget | undefined) {
  const scene = await withBunFetch(() => f.projectScene());
  signIn(scene.moderator);
  finance = f.category(scene.project.id, { name: "Finance" }).id;
  f.category(scene.project.id, { name: "Everything", isDefault: true });
  render(<ChartWizard options={{ projectId: scene.project.id }} onClosed={() => undefined} />);
  await screen.findByRole("checkbox", { name: "Finance", hidden: true }, { timeout: 10_000 });
  // What chooseTable does once the server answered, without a server.
  await act(async () => {
    wizard.table.value = table;
    wizard.mainColumn.value = table?.headers[0]?.field ?? "";
    wizard.values.value = table ? ["c", "d"] : [];
  });
  return screen.getByRole("dialog", { name: "chart.wizard.title" });
}

/** A real server under a loaded machine: more than bun's 5 s a test. */
const SLOW = 60_000;

describe("the chart wizard", () => {
  test("opens over the project's categories but its default one, and refuses step 2 without a table", async () => {
    const dialog = await openOn(undefined);
    expect(screen.queryByRole("checkbox", { name: "Everything", hidden: true })).toBeNull();
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    expect(screen.getByRole("alert").textContent).toBe("chart.wizard.tableRequired");
    expect(dialog.querySelector("[aria-label='chart.wizard.info']")!.hasAttribute("hidden")).toBe(true);
    await act(async () => fireEvent.click(screen.getByText("common.cancel")));
    expect(screen.queryByRole("dialog")).toBeNull();
  }, SLOW);

  test("offers every column but url, needs a value column, and starts the name as the table's", async () => {
    await openOn(budget);
    expect(screen.getAllByRole("checkbox", { name: /Month|Revenue|Costs|url/ }).map((box) => box.parentElement!.textContent!.trim())).toEqual(["Month", "Revenue", "Costs"]);
    for (const name of ["Revenue", "Costs"]) await act(async () => fireEvent.click(screen.getByRole("checkbox", { name })));
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    expect(screen.getByRole("alert").textContent).toBe("chart.wizard.valuesRequired");
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Costs" })));
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    expect((screen.getByLabelText("chart.wizard.name") as HTMLInputElement).value).toBe("Budget");
    expect(wizard.settings()!.headers.filter((h) => h.isValue).map((h) => h.name)).toEqual(["Costs"]);
  }, SLOW);

  test("an empty name is refused in the dialog before anything is sent, keeping the rest typed", async () => {
    await openOn(budget);
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    fireEvent.change(screen.getByLabelText("chart.wizard.name"), { target: { value: "  " } });
    fireEvent.change(screen.getByLabelText("chart.wizard.description"), { target: { value: "Monthly" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Finance" }));
    await act(async () => fireEvent.click(screen.getByText("common.save")));
    expect(screen.getByText("chart.wizard.nameRequired")).toBeDefined();
    expect(wizard.saving.value).toBe(false);
    expect((screen.getByLabelText("chart.wizard.description") as HTMLTextAreaElement).value).toBe("Monthly");
    expect(wizard.categoryIds.value).toEqual([finance]);
    await act(async () => wizard.close());
  }, SLOW);
});

describe("what keeps a chart from being drawn", () => {
  const strings = { t: (key: keyof typeof en) => en[key], tf: (key: keyof typeof en, params: Record<string, string | number>) => en[key].replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name])) };
  const figure: Figure = { labels: ["Jan"], datasets: [{ label: "Revenue", data: [1] }], settings: { type: "BAR", showDetails: true }, missing: [], tableMissing: false, truncated: false };

  test("names each missing column, else a removed table, else no rows; a whole chart has no problem", () => {
    expect(figureProblem({ ...figure, missing: ["Costs"] }, strings)).toBe("The table no longer has the column “Costs”: change the chart's settings.");
    expect(figureProblem({ ...figure, tableMissing: true }, strings)).toBe(en["chart.tableMissing"]);
    expect(figureProblem({ ...figure, settings: null }, strings)).toBe(en["chart.notConfigured"]);
    expect(figureProblem({ ...figure, labels: [] }, strings)).toBe(en["chart.noRows"]);
    expect(figureProblem(figure, strings)).toBeUndefined();
  });
});
