import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import { UnitViewer } from "./UnitViewer";

withDom();
const { render, within, waitFor, act } = await import("@testing-library/react");
const page = () => within(document.body);
pageStrings("en", en);
const server = fakeServer();

/** Stands in for the browser's socket only: the live channel's STOMP client runs as it does on a page. */
class FakeSocket {
  static last: FakeSocket | undefined;
  readonly sent: string[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.());
  }
  send(frame: string) {
    this.sent.push(frame);
    if (frame.startsWith("CONNECT")) setTimeout(() => this.onmessage?.({ data: "CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0" }));
  }
  close() {}
  /** A MESSAGE on the subscription the client made to `destination`. */
  publish(destination: string, body: unknown) {
    const subscribe = this.sent.find((frame) => frame.startsWith("SUBSCRIBE") && frame.includes(`destination:${destination}\n`))!;
    const id = /\nid:([^\n]+)/.exec(subscribe)![1];
    this.onmessage?.({ data: `MESSAGE\ndestination:${destination}\nsubscription:${id}\nmessage-id:1\n\n${JSON.stringify(body)}\0` });
  }
}
globalThis.WebSocket = FakeSocket as never;

const pressure = { id: 5, address: 0, name: "Pressure", description: "", postfix: " bar", minValue: 0, minThresholdValue: 2, maxValue: 10, maxThresholdValue: 8, dataType: "WORD", color: "FF0000", registerKind: "HOLDING", floatOrder: "ABCD", scale: 0.1, offset: 0 };
const running = { ...pressure, id: 6, name: "Pump running", postfix: "", minValue: null, minThresholdValue: null, maxValue: null, maxThresholdValue: null, dataType: "BOOLEAN", registerKind: "COIL" };
const unit = { id: 7, name: "Pump", description: "", icon: null, projectId: 1, isActive: true, ipAddress: "10.0.0.5:502", slaveId: 1, pollPeriod: 1000, alarmDelay: 5000, alarmTask: false, alarmPerformer: null, fields: [pressure, running] };

describe("the device unit viewer", () => {
  test("shows each field as a gauge with its bands, the device's state and the reading's age, and moves with the unit's live topic", async () => {
    const seen = Date.now() - 3000;
    server.answers.push({ status: 200, body: unit }, { status: 200, body: { unitId: 7, online: true, lastSeen: seen, readings: [{ fieldId: 5, date: seen, value: 5 }, { fieldId: 6, date: seen, value: 1 }] } });
    render(<UnitViewer dataId={7} projectId={1} canModerate={false} compact={false} />);
    await waitFor(() => page().getByText("Online"));
    expect(server.sent.map((s) => s.url)).toEqual(["/api/modbus-unit/get?id=7", "/api/modbus-reader/get-last-data/7"]);
    const meter = page().getByRole("meter", { name: "Pressure" });
    expect(meter.getAttribute("aria-valuenow")).toBe("5");
    expect(meter.getAttribute("aria-valuetext")).toBe("5 bar");
    const bands = [...meter.children].slice(0, 3).map((band) => (band as HTMLElement).style.width);
    expect(bands).toEqual(["20%", "60%", "20%"]);
    expect(page().getByText("On")).toBeTruthy();
    expect(page().getByText(/Last reading [34] s ago/)).toBeTruthy();

    await waitFor(() => expect(FakeSocket.last?.sent.some((frame) => frame.includes("destination:/ws-broker/7\n"))).toBe(true));
    await act(async () => FakeSocket.last!.publish("/ws-broker/7", { type: "READING", unitId: 7, date: Date.now(), readings: [{ fieldId: 5, value: 9.5 }] }));
    expect(page().getByRole("meter", { name: "Pressure" }).getAttribute("aria-valuetext")).toBe("9.5 bar");
    expect(page().getByText("9.5 bar").className).toContain("gauge__value--alarm");
    expect(page().getByText(/Last reading 0 s ago/)).toBeTruthy();
    await act(async () => FakeSocket.last!.publish("/ws-broker/7", { type: "STATE", unitId: 7, online: false, lastSeen: Date.now() }));
    expect(page().getByText("Offline")).toBeTruthy();
  });
});
