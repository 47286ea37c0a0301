import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { addMessages } from "../lib/i18n";
import { withDom } from "../testing/dom";
import { WIDGET_RENDERERS } from "./registry";
import { WidgetBody } from "./WidgetBody";

withDom();
const { render, screen, act } = await import("@testing-library/react");
addMessages(en);

const context = { dataId: 5, projectId: 1, canModerate: false };

describe("a widget's body", () => {
  test("a type with nothing to show it says so: a SENSOR without a unit, a MAP not yet drawable", async () => {
    await act(async () => void render(<WidgetBody type="SENSOR" {...context} dataId={null} />));
    expect(screen.getByText(en["widget.sensorEmpty"])).toBeTruthy();
    await act(async () => void render(<WidgetBody type="MAP" {...context} />));
    expect(screen.getByText(en["widget.unavailable"])).toBeTruthy();
  });

  test("the viewer is mounted into the body's own element and taken down on unmount", async () => {
    const events: string[] = [];
    const original = WIDGET_RENDERERS.TABLE;
    WIDGET_RENDERERS.TABLE = async (host, { dataId }) => {
      events.push(`mount ${dataId} into ${host.className}`);
      return { destroy: () => events.push("destroy") };
    };
    try {
      let view!: ReturnType<typeof render>;
      await act(async () => void (view = render(<WidgetBody type="TABLE" {...context} />)));
      expect(events).toEqual(["mount 5 into widget__host"]);
      view.unmount();
      expect(events).toEqual(["mount 5 into widget__host", "destroy"]);
    } finally {
      WIDGET_RENDERERS.TABLE = original;
    }
  });
});
