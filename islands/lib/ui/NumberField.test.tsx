import { describe, expect, test } from "bun:test";
import { useState } from "react";
import { ru } from "../../../locales/ru";
import { pageStrings } from "../../testing/page-strings";
import { withDom } from "../../testing/dom";
import { NumberField, readNumber } from "./NumberField";

withDom();
const { render, within, fireEvent } = await import("@testing-library/react");
// Queries of the document this file registered: `screen` keeps the one of the first test file run.
const page = () => within(document.body);

pageStrings("ru", ru);

function Load({ checked = false }: { checked?: boolean }) {
  const [text, setText] = useState("");
  return <NumberField id="load" label="Load, kN" value={text} onChange={setText} required checked={checked} />;
}

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")!.split(" ").at(-1)!)!;

describe("NumberField", () => {
  test("shows what a Russian text reads as when it differs, and keeps the text as typed", () => {
    render(<Load />);
    const input = page().getByRole("textbox", { name: "Load, kN" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "10000,5" } });
    expect(input.value).toBe("10000,5");
    expect(document.getElementById("load-understood")!.textContent).toBe("= 10\u00a0000,5");
    fireEvent.change(input, { target: { value: "18,5" } });
    expect(document.getElementById("load-understood")!.textContent).toBe("");
  });

  test("says why a text is no number once the field is left, and clears it once the text is one", () => {
    render(<Load />);
    const input = page().getByRole("textbox", { name: "Load, kN" });
    fireEvent.change(input, { target: { value: "18,5 кН" } });
    expect(errorOf(input).textContent).toBe("");
    expect(input.getAttribute("aria-invalid")).toBe("false");
    fireEvent.blur(input);
    expect(errorOf(input).textContent).toBe(ru["common.number.not_a_number"]);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input, { target: { value: "18,5" } });
    expect(errorOf(input).textContent).toBe("");
  });

  test("a checked form shows the refusal of a field never left, an empty required one included", () => {
    render(<Load checked />);
    expect(errorOf(page().getByRole("textbox", { name: "Load, kN" })).textContent).toBe(ru["common.number.empty"]);
  });

  test("readNumber: empty is null unless required; the rules' refusals by name", () => {
    expect(readNumber("", "ru")).toEqual({ value: null });
    expect(readNumber(" ", "ru", { required: true })).toEqual({ problem: "empty" });
    expect(readNumber("1.234", "es")).toEqual({ problem: "ambiguous" });
    expect(readNumber("2,5", "ru", { whole: true })).toEqual({ problem: "not_whole" });
    expect(readNumber("1 234,5", "ru")).toEqual({ value: 1234.5 });
  });
});
