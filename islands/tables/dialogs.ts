import { dataListPath } from "../../src/lib/data-paths";
import { t, tf } from "../lib/i18n";
import type { Header, MapPoint } from "./cells";

let dialogs = 0;

/** A modal dialog of the viewer, with its title; removed with the viewer. */
function dialogOf(title: string) {
  const dialog = document.createElement("dialog");
  dialog.className = "tv__dialog";
  const heading = document.createElement("h2");
  heading.id = `tv-dialog-${++dialogs}`;
  heading.textContent = title;
  dialog.setAttribute("aria-labelledby", heading.id);
  dialog.append(heading);
  document.body.append(dialog);
  return dialog;
}

function button(text: string, kind: "btn" | "btn btn--ghost", type: "button" | "submit" = "button") {
  const element = document.createElement("button");
  element.type = type;
  element.className = kind;
  element.textContent = text;
  return element;
}

/**
 * Where a map point opens: the project's map list with the point in the query. The maps issue takes
 * this over (a map page that centres on ?lat=&lon=); until then the list is where maps are.
 */
export function mapHref(projectId: number, point: MapPoint) {
  const query = new URLSearchParams({ lat: String(point.lat), lon: String(point.lon) });
  return `${dataListPath(projectId, "MAP")}?${query}`;
}

/** A point's words in the chooser: its name, else its coordinates. */
const pointLabel = (point: MapPoint) => point.name ?? tf("table.point", { lat: point.lat, lon: point.lon });

/** The chooser of a row with several map points: one link per point. */
export function choosePoint(projectId: number, points: MapPoint[]) {
  const dialog = dialogOf(t("table.choosePoint"));
  const list = document.createElement("ul");
  list.className = "tv__points";
  for (const point of points) {
    const link = document.createElement("a");
    link.href = mapHref(projectId, point);
    link.textContent = pointLabel(point);
    const item = document.createElement("li");
    item.append(link);
    list.append(item);
  }
  const actions = document.createElement("div");
  actions.className = "tv__dialog-actions";
  const close = button(t("common.close"), "btn btn--ghost");
  close.addEventListener("click", () => dialog.close());
  actions.append(close);
  dialog.append(list, actions);
  dialog.addEventListener("close", () => dialog.remove());
  dialog.showModal();
  list.querySelector("a")?.focus();
}

/**
 * The new-record form: one labelled field per shown column. `add` stores the typed texts and says
 * whether it worked; the form stays open with what was typed when it did not.
 */
export function addRecordDialog(columns: Header[], add: (texts: Record<string, string>) => Promise<boolean>) {
  const dialog = dialogOf(t("table.addTitle"));
  const form = document.createElement("form");
  const fields = document.createElement("div");
  fields.className = "tv__fields";
  const inputs = columns.map((column, index) => {
    const field = document.createElement("div");
    field.className = "field";
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = `${dialog.getAttribute("aria-labelledby")}-${index}`;
    input.name = column.field;
    input.autocomplete = "off";
    label.htmlFor = input.id;
    label.textContent = column.name;
    field.append(label, input);
    fields.append(field);
    return input;
  });
  const actions = document.createElement("div");
  actions.className = "tv__dialog-actions";
  const cancel = button(t("common.cancel"), "btn btn--ghost");
  const submit = button(t("table.add"), "btn", "submit");
  actions.append(cancel, submit);
  form.append(fields, actions);
  dialog.append(form);
  cancel.addEventListener("click", () => dialog.close());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const added = await add(Object.fromEntries(inputs.map((input) => [input.name, input.value])));
    submit.disabled = false;
    if (added) dialog.close();
  });
  dialog.addEventListener("close", () => dialog.remove());
  dialog.showModal();
  inputs[0]?.focus();
}
