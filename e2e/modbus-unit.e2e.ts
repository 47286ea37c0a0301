import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { settings } from "../db/schema";
import { newMemory, startDevice } from "../src/testing/modbus-device";
import { apiCall, browserSuite, projectWithModerator } from "./setup";
import { axeOn } from "./axe";

// A device unit's page in Debian's chromium against the built server, polling a real Modbus TCP device on loopback
// (modbus-serial's ServerTCP): the gauge shows the device's value and moves when the device's value changes, on the
// unit's page and in a SENSOR widget on the dashboard.

const TIMEOUT = 60_000;
const suite = browserSuite();
const memory = newMemory();
memory.holding.set(0, 17);
let device: Awaited<ReturnType<typeof startDevice>>;
let unitPath: string;
let readerCookie: string;
let dashboardPath: string;

beforeAll(async () => {
  device = await startDevice(memory);
  const { plexus } = suite;
  plexus.db.update(settings).set({ body: "127.0.0.1" }).where(eq(settings.label, "MODBUS_HOSTS")).run();
  const scene = await projectWithModerator(plexus, "Pumping station");
  readerCookie = scene.readerCookie;
  const field = { address: 0, name: "Level", postfix: " m", minValue: 0, minThresholdValue: 10, maxThresholdValue: 80, maxValue: 100 };
  const unit = await apiCall<{ id: number }>(plexus.url, scene.moderatorCookie, "POST", "/modbus-unit/save", { project: { id: scene.projectId }, name: "Pump", ipAddress: `127.0.0.1:${device.port}`, pollPeriod: 200, fields: [field] });
  unitPath = `/project/${scene.projectId}/modbus-unit/${unit.id}`;
  dashboardPath = `/project/${scene.projectId}/dashboard`;
  await apiCall(plexus.url, scene.moderatorCookie, "POST", "/widget/save", { type: "SENSOR", abstractData: { id: unit.id }, project: { id: scene.projectId }, layout: { x: 0, y: 0, w: 5, h: 7 } });
}, TIMEOUT);
afterAll(() => device?.stop());

describe("the device unit page", () => {
  test(
    "a member sees the device online and its gauge, which moves live as the device's value changes; 360 px wide works, and axe finds nothing in the viewer",
    async () => {
      const { page } = await suite.pageAs(readerCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${suite.plexus.url}${unitPath}`);
      const gauge = page.getByRole("meter", { name: "Level" });
      await page.waitForFunction(() => document.querySelector('[role="meter"]')?.getAttribute("aria-valuenow") === "17");
      expect(await gauge.getAttribute("aria-valuetext")).toBe("17 m");
      expect(await page.getByText("Online").isVisible()).toBe(true);
      memory.holding.set(0, 90);
      await page.waitForFunction(() => document.querySelector('[role="meter"]')?.getAttribute("aria-valuenow") === "90");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const { violations } = await axeOn(page).include(".unit").analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "the SENSOR widget on the dashboard shows the unit's gauge, live",
    async () => {
      memory.holding.set(0, 33);
      const { page } = await suite.pageAs(readerCookie);
      await page.goto(`${suite.plexus.url}${dashboardPath}`);
      await page.waitForFunction(() => document.querySelector('[role="meter"]')?.getAttribute("aria-valuenow") === "33");
      memory.holding.set(0, 5);
      await page.waitForFunction(() => document.querySelector('[role="meter"]')?.getAttribute("aria-valuenow") === "5");
      expect(await page.getByRole("meter", { name: "Level" }).getAttribute("aria-valuetext")).toBe("5 m");
    },
    TIMEOUT,
  );
});
