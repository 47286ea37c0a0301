import { afterEach, describe, expect, test } from "bun:test";
import { ru } from "../../locales/ru";
import { pageStrings } from "../testing/page-strings";
import { withDom } from "../testing/dom";
import { CalcView } from "./CalcView";

withDom();
const { render, within, fireEvent, act, waitFor } = await import("@testing-library/react");
// Queries of the document this file registered: `screen` keeps the one of the first test file run.
const page = () => within(document.body);

pageStrings("ru", ru);

/** The calls the view makes, answered in turn by `answers` (the server's JSON and status). */
let sent: { url: string; body: unknown }[] = [];
let answers: { status: number; body: unknown }[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (async (url: string, init: RequestInit) => {
  sent.push({ url: String(url).replace(/^https?:\/\/[^/]+/, ""), body: JSON.parse(String(init.body)) });
  const { status, body } = answers.shift()!;
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}) as typeof fetch;
afterEach(() => {
  sent = [];
  answers = [];
});
process.on("beforeExit", () => (globalThis.fetch = realFetch));

const LOAD = JSON.stringify([{ variable: "load", name: "Load, kN" }]);
const view = (canModerate: boolean, props = LOAD) => render(<CalcView dataId={7} script={"function main(p) {\n  return p.load;\n}\n"} props={props} canModerate={canModerate} compact={false} />);
const click = (name: string) => act(async () => fireEvent.click(page().getByRole("button", { name })));

describe("the calculation view", () => {
  test("a text that is no number is refused beside its field and in the result, without a call; the text stays", async () => {
    view(false);
    const load = page().getByRole("textbox", { name: "Load, kN" }) as HTMLInputElement;
    fireEvent.change(load, { target: { value: "18,5 кН" } });
    await click(ru["calc.calculate"]);
    expect(sent).toEqual([]);
    expect(page().getByRole("alert").textContent).toBe(ru["calc.enterNumber"].replace("{{name}}", "Load, kN"));
    expect(document.activeElement).toBe(load);
    expect(load.value).toBe("18,5 кН");
    expect(load.getAttribute("aria-invalid")).toBe("true");
  });

  test("Calculate sends the number read in the page's locale and shows a table; a failure says its line", async () => {
    view(false);
    fireEvent.change(page().getByRole("textbox", { name: "Load, kN" }), { target: { value: "18,5" } });
    answers.push({ status: 200, body: { kind: "table", result: { headers: ["area"], rows: [[1234.5]] } } });
    await click(ru["calc.calculate"]);
    expect(sent).toEqual([{ url: "/api/calc/invoke?id=7", body: [{ variable: "load", name: "Load, kN", value: 18.5 }] }]);
    await waitFor(() => expect(page().getByRole("table").textContent).toBe("area1\u00a0234,5"));
    answers.push({ status: 422, body: { status: 422, error: "calc_failed", message: "failed", details: [{ path: "script", message: "Error: over", line: 2 }] } });
    await click(ru["calc.calculate"]);
    await waitFor(() => expect(page().getByRole("alert").textContent).toBe(ru["calc.errorAt"].replace("{{line}}", "2").replace("{{message}}", "Error: over")));
    expect((page().getByRole("textbox", { name: "Load, kN" }) as HTMLInputElement).value).toBe("18,5");
  });

  test("a reader sees the script but neither Edit script nor the inputs' editor", () => {
    view(false);
    expect(page().queryByRole("button", { name: ru["calc.editScript"] })).toBeNull();
    expect(page().queryByRole("button", { name: ru["calc.addProp"] })).toBeNull();
    expect(document.querySelector(".cv__code")!.textContent).toContain("return p.load;");
  });

  test("a moderator's bad variable is refused under its row without a call; once fixed, Save sends the inputs and the fields follow", async () => {
    view(true, "[]");
    await click(ru["calc.addProp"]);
    const variable = page().getByRole("textbox", { name: ru["calc.variable"] }) as HTMLInputElement;
    expect(document.activeElement).toBe(variable);
    fireEvent.change(variable, { target: { value: "2nd" } });
    fireEvent.change(page().getByRole("textbox", { name: ru["calc.propName"] }), { target: { value: "Span, m" } });
    await click(ru["calc.save"]);
    expect(sent).toEqual([]);
    expect(page().getByText(ru["calc.variableInvalid"])).toBeTruthy();
    expect(document.activeElement).toBe(variable);

    fireEvent.change(variable, { target: { value: "span" } });
    const props = JSON.stringify([{ variable: "span", name: "Span, m" }]);
    answers.push({ status: 200, body: { id: 7, script: "function main(p) {\n  return p.load;\n}\n", props } });
    await click(ru["calc.save"]);
    expect(sent).toEqual([{ url: "/api/calc/save", body: { id: 7, script: "function main(p) {\n  return p.load;\n}\n", props } }]);
    await waitFor(() => page().getByRole("textbox", { name: "Span, m" }));
  });

  test("a refused save shows the server's reason and keeps the rows as typed", async () => {
    view(true);
    fireEvent.change(page().getByRole("textbox", { name: ru["calc.propName"] }), { target: { value: "Load, t" } });
    answers.push({ status: 403, body: { status: 403, error: "forbidden", message: "No" } });
    await click(ru["calc.save"]);
    await waitFor(() => expect(document.querySelector(".form-error")!.textContent).not.toBe(""));
    expect((page().getByRole("textbox", { name: ru["calc.propName"] }) as HTMLInputElement).value).toBe("Load, t");
    expect(page().queryByRole("textbox", { name: "Load, t" })).toBeNull();
  });

  test("the saved default and unit are there on every visit, in the page's locale, and Calculate computes with them", async () => {
    view(false, JSON.stringify([{ variable: "load", name: "Load", value: 18.5, unit: "kN" }]));
    const load = page().getByRole("textbox", { name: "Load, kN" }) as HTMLInputElement;
    expect(load.value).toBe("18,5");
    answers.push({ status: 200, body: { kind: "text", result: "18.5" } });
    await click(ru["calc.calculate"]);
    expect(sent).toEqual([{ url: "/api/calc/invoke?id=7", body: [{ variable: "load", name: "Load", value: 18.5 }] }]);
  });

  test("a moderator's default is read in the page's locale and saved as a number with its unit; a default that is no number is refused", async () => {
    view(true, "[]");
    await click(ru["calc.addProp"]);
    fireEvent.change(page().getByRole("textbox", { name: ru["calc.variable"] }), { target: { value: "span" } });
    fireEvent.change(page().getByRole("textbox", { name: ru["calc.propName"] }), { target: { value: "Span" } });
    const fallback = page().getByRole("textbox", { name: ru["calc.propDefault"] }) as HTMLInputElement;
    fireEvent.change(fallback, { target: { value: "2,5 м" } });
    fireEvent.change(page().getByRole("textbox", { name: ru["calc.propUnit"] }), { target: { value: " м " } });
    await click(ru["calc.save"]);
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(fallback);
    fireEvent.change(fallback, { target: { value: "2,5" } });
    const props = JSON.stringify([{ variable: "span", name: "Span", value: 2.5, unit: "м" }]);
    answers.push({ status: 200, body: { id: 7, script: "function main(p) {\n  return p.load;\n}\n", props } });
    await click(ru["calc.save"]);
    expect(sent).toEqual([{ url: "/api/calc/save", body: { id: 7, script: "function main(p) {\n  return p.load;\n}\n", props } }]);
    await waitFor(() => expect((page().getByRole("textbox", { name: "Span, м" }) as HTMLInputElement).value).toBe("2,5"));
  });
});
