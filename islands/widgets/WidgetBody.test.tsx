import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { addMessages } from "../lib/i18n";
import { withDom } from "../testing/dom";
import { WIDGET_VIEWERS } from "./registry";
import { WidgetBody } from "./WidgetBody";

withDom();
const { render, screen, act } = await import("@testing-library/react");
addMessages(en);

const context = { dataId: 5, projectId: 1, canModerate: false };

describe("a widget's body", () => {
  test("a type with nothing to show it says so: a SENSOR without a unit, a type without a viewer", async () => {
    await act(async () => void render(<WidgetBody type="SENSOR" {...context} dataId={null} />));
    expect(screen.getByText(en["widget.sensorEmpty"])).toBeTruthy();
    const original = WIDGET_VIEWERS.MAP;
    delete WIDGET_VIEWERS.MAP;
    try {
      await act(async () => void render(<WidgetBody type="MAP" {...context} />));
      expect(screen.getByText(en["widget.unavailable"])).toBeTruthy();
    } finally {
      WIDGET_VIEWERS.MAP = original;
    }
  });

  test("the widget's viewer draws its body with the widget's item, compact", async () => {
    const original = WIDGET_VIEWERS.TABLE;
    WIDGET_VIEWERS.TABLE = async () => (props) => <p>{`table ${props.dataId} of project ${props.projectId}${props.compact ? ", compact" : ""}`}</p>;
    try {
      await act(async () => void render(<WidgetBody type="TABLE" {...context} />));
      expect(screen.getByText("table 5 of project 1, compact").closest(".widget__host")).toBeTruthy();
    } finally {
      WIDGET_VIEWERS.TABLE = original;
    }
  });

  test("a viewer that cannot be loaded says so", async () => {
    const original = WIDGET_VIEWERS.CHART;
    WIDGET_VIEWERS.CHART = () => Promise.reject(new Error("offline"));
    try {
      let view!: ReturnType<typeof render>;
      await act(async () => void (view = render(<WidgetBody type="CHART" {...context} />)));
      expect(view.container.querySelector(".widget__note")?.textContent).toBe(en["common.error"]);
    } finally {
      WIDGET_VIEWERS.CHART = original;
    }
  });
});
