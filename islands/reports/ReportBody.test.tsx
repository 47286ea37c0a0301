import { describe, expect, test } from "bun:test";
import { withDom } from "../testing/dom";
import { ReportBody } from "./ReportBody";

withDom();
const { render } = await import("@testing-library/react");

const report = (body: string) => ({ id: 1, name: "Weekly", projectId: 2, body, blocks: [] });

describe("a report's body", () => {
  test("a placeholder the server did not list is the neutral block, naming nothing; the text around it stays", () => {
    const { container } = render(<ReportBody report={report("<p>Intro.</p><p>[DATA-9]</p><p>Outro <b>bold</b></p>")} />);
    const body = container.querySelector(".rp__body")!;
    expect(body.querySelectorAll("p")[0]!.textContent).toBe("Intro.");
    const neutral = body.querySelector(".rp-block--none")!;
    expect(neutral.textContent).not.toContain("9");
    expect(neutral.textContent).not.toContain("DATA");
    expect(body.querySelector("b")!.textContent).toBe("bold");
    expect(body.textContent).not.toContain("[DATA-");
  });

  test("a body with no text says the report is empty", () => {
    const { container } = render(<ReportBody report={report("<p> </p>")} />);
    expect(container.querySelectorAll(".rp__empty")).toHaveLength(1);
  });
});
