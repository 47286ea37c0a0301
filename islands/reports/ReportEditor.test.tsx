import { describe, expect, test } from "bun:test";
import { withPlexusDom } from "../testing/plexus";
import ReportEditor from "./ReportEditor";

const { f, signIn, withBunFetch } = withPlexusDom();
const { render, screen, fireEvent, act, waitFor } = await import("@testing-library/react");

// The report editor over a real Plexus: embedded tables and charts are shown as what they are, and saved back as
// the placeholders the server and the viewer read. Without a page's strings the browser side shows keys.

const SLOW = 60_000;

describe("the report editor's embedded data", () => {
  test("a table shows its name, type and first rows, an item out of reach the neutral note; the body is saved with the placeholders", async () => {
    const scene = await withBunFetch(() => f.projectScene());
    signIn(scene.moderator);
    const other = f.project("Elsewhere");
    const table = f.table(scene.project.id, { name: "Нагрузки опор", headers: ["Узел", "Нагрузка", "url"], rows: [["Опора 1", 1.5, ""], ["Опора 2", 42, ""], ["Опора 3", 7, ""], ["Опора 4", 8, ""]] });
    const foreign = f.table(other.id, { name: "Foreign secret", headers: ["x"], rows: [["hidden"]] });
    const body = `<p>Intro.</p><p>[DATA-${table.id}]</p><p>See <strong>[DATA-${table.id}]</strong> inline.</p><p>[DATA-${foreign.id}]</p><p>Outro.</p>`;
    const report = f.dataItem(scene.project.id, { dataType: "REPORT", name: "Weekly", body });
    let saved = "";
    render(<ReportEditor report={{ id: report.id, name: "Weekly", projectId: scene.project.id, body, blocks: [] }} onSaved={(r) => (saved = r.body)} onClose={() => undefined} />);
    const card = await screen.findByRole("figure", {}, { timeout: 10_000 });
    await waitFor(() => expect(card.querySelectorAll("tbody tr")).toHaveLength(3), { timeout: 10_000 });
    expect(card.querySelector("figcaption")!.textContent).toBe("Нагрузки опорreport.kind.TABLE");
    // The url column of map points is not shown.
    expect([...card.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Узел", "Нагрузка"]);
    expect([...card.querySelectorAll("tbody tr")].map((tr) => tr.firstElementChild!.textContent)).toEqual(["Опора 1", "Опора 2", "Опора 3"]);
    const area = document.querySelector(".rp__area")!;
    await waitFor(() => expect(area.querySelectorAll(".rp-embed__none")).toHaveLength(1), { timeout: 10_000 });
    expect(area.textContent).not.toContain("Foreign");
    // A placeholder in bold beside other text stays text; the one alone in its paragraph is a block.
    expect(area.querySelectorAll(".rp-embed")).toHaveLength(2);
    expect(area.textContent).toContain(`See [DATA-${table.id}] inline.`);
    await act(async () => fireEvent.click(screen.getByText("common.save")));
    await waitFor(() => expect(saved).not.toBe(""), { timeout: 10_000 });
    expect(saved).toBe(body);
  }, SLOW);
});
