import { describe, expect, test } from "bun:test";
import { withPlexusDom } from "../../testing/plexus";
import type { PoiObject } from "./edit-store";
import type { Template } from "./form-values";
import { ObjectForm } from "./ObjectForm";

const { t, f, signIn, withBunFetch } = withPlexusDom();
const { render, screen, fireEvent, act, waitFor } = await import("@testing-library/react");

/** A real server under a loaded machine: more than bun's 5 s a test. */
const SLOW = 60_000;

/** A points layer offering a template whose Street comes from a table of the project, and the form open on a new object. */
async function openForm() {
  const { s, template, layer } = await withBunFetch(async () => {
    const s = await f.projectScene();
    const streets = f.table(s.project.id, { name: "Streets", headers: ["Town", "Street"], rows: [["Riga", "Main street"], ["Riga", "Mill lane"], ["Cesis", "Main street"]] });
    const layer = f.dataItem(s.project.id, { dataType: "LAYER", name: "Wells" });
    const template = (
      await t.call("POST", "/layer-poi-template", {
        cookie: s.admin.cookie,
        body: {
          name: "Well",
          graphType: "POINT",
          fields: [
            { name: "Title", type: "STRING", partOfName: true, required: true },
            { name: "Street", type: "DATA_TABLE", options: `${streets.id},cell_1` },
            { name: "Depth", type: "NUMBER" },
            { name: "Double", type: "COMPUTED_FIELD", options: "[Depth] * 2" },
          ],
        },
      })
    ).body as Template;
    await t.call("POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`, { cookie: s.admin.cookie });
    return { s, template, layer };
  });
  signIn(s.moderator);
  const saved: PoiObject[] = [];
  render(
    <ObjectForm formId="form" template={template} layerId={layer.id} geometry={JSON.stringify({ type: "Point", coordinates: [24.1, 56.9] })} readOnly={false} onSaved={(object) => saved.push(object)}>
      <button type="submit">save</button>
    </ObjectForm>,
  );
  return { saved, template };
}

describe("the object form", () => {
  test("a DATA_TABLE field offers its table's values; a required field is refused before anything is sent; numbers group and compute as typed", async () => {
    const { saved } = await openForm();
    await screen.findByRole("option", { name: "Mill lane" }, { timeout: 10_000 });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["map.object.notChosen", "Main street", "Mill lane"]);
    await act(async () => fireEvent.click(screen.getByText("save")));
    expect(screen.getByText("poi.value.required")).toBeDefined();
    expect(saved).toEqual([]);
    fireEvent.change(screen.getByLabelText("Depth"), { target: { value: "1234.5" } });
    expect((screen.getByLabelText("Depth") as HTMLInputElement).value).toBe("1 234.5");
    expect(screen.getByText("2,469.00")).toBeDefined();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "North well" } });
    fireEvent.change(screen.getByLabelText("Street"), { target: { value: "Mill lane" } });
    await act(async () => fireEvent.click(screen.getByText("save")));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0]).toMatchObject({ name: "North well", version: 1 });
    expect(saved[0]!.properties.map((p) => p.value)).toEqual(expect.arrayContaining(["North well", "Mill lane", 1234.5, 2469]));
  }, SLOW);
});
