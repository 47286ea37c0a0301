import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { settings } from "../db/schema";
import { encodeFloat } from "../src/modules/modbus/decode";
import { newMemory, startDevice } from "../src/testing/modbus-device";
import { apiCall, browserSuite, projectWithModerator } from "./setup";
import { axeOn } from "./axe";

// A device unit's edit mode and live chart in chromium against the built server, polling a real Modbus TCP device on
// loopback: a moderator changes thresholds and a FLOAT's byte order, a member sees no edit, and the chart grows live.

const TIMEOUT = 60_000;
const suite = browserSuite();
const memory = newMemory();
memory.holding.set(0, 40);
// 12.5 as a device sending its words swapped (CDAB): read as ABCD it is nonsense.
const [high, low] = encodeFloat(12.5, "CDAB");
memory.holding.set(10, high);
memory.holding.set(11, low);
let device: Awaited<ReturnType<typeof startDevice>>;
let scene: Awaited<ReturnType<typeof projectWithModerator>>;
let unitPath: string;

beforeAll(async () => {
  device = await startDevice(memory);
  const { plexus } = suite;
  plexus.db.update(settings).set({ body: "127.0.0.1" }).where(eq(settings.label, "MODBUS_HOSTS")).run();
  scene = await projectWithModerator(plexus, "Boiler house");
  const level = { address: 0, name: "Level", postfix: " m", minValue: 0, minThresholdValue: 10, maxThresholdValue: 80, maxValue: 100 };
  const pressure = { address: 10, name: "Pressure", postfix: " bar", dataType: "FLOAT", floatOrder: "ABCD" };
  const unit = await apiCall<{ id: number }>(plexus.url, scene.moderatorCookie, "POST", "/modbus-unit/save", { project: { id: scene.projectId }, name: "Boiler", ipAddress: `127.0.0.1:${device.port}`, pollPeriod: 200, fields: [level, pressure] });
  unitPath = `/project/${scene.projectId}/modbus-unit/${unit.id}`;
}, TIMEOUT);
afterAll(() => device?.stop());

const lowBand = (page: Page) => page.locator(".gauge", { has: page.getByRole("heading", { name: "Level" }) }).locator(".gauge__band--low").evaluate((band) => (band as HTMLElement).style.width);

describe("the device unit's edit mode and chart", () => {
  test(
    "a moderator at 360 px moves a threshold: a threshold outside the range is refused at its input (axe finds nothing in the form), a good one saves, view mode returns and the gauge's red band grows",
    async () => {
      const { page } = await suite.pageAs(scene.moderatorCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(`${suite.plexus.url}${unitPath}`);
      await page.waitForFunction(() => document.querySelector('[role="meter"]')?.getAttribute("aria-valuenow") === "40");
      expect(await lowBand(page)).toBe("10%");
      await page.getByRole("button", { name: "Edit unit" }).focus();
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("unit-name");
      const level = page.getByRole("group", { name: "Level" });
      await level.getByLabel("Maximum threshold").fill("150");
      await page.getByRole("button", { name: "Save" }).click();
      await level.getByText("A threshold must lie between the minimum and the maximum").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const { violations } = await axeOn(page).include(".unit-form").analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await level.getByLabel("Maximum threshold").fill("90");
      await level.getByLabel("Minimum threshold").fill("50");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("button", { name: "Edit unit" }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Edit unit");
      await page.waitForFunction(() => document.querySelector(".gauge__band--low")?.getAttribute("style")?.includes("50%"));
      expect(await page.locator(".gauge__value--alarm").first().textContent()).toBe("40 m");
    },
    TIMEOUT,
  );

  test(
    "a FLOAT's byte order is chosen where each order shows the last reading decoded, and the gauge then reads the device's value",
    async () => {
      const { page } = await suite.pageAs(scene.moderatorCookie);
      await page.goto(`${suite.plexus.url}${unitPath}`);
      await page.getByRole("button", { name: "Edit unit" }).click();
      const orders = page.getByRole("group", { name: "Byte order: the value of the last reading in each" });
      await orders.getByText("12.5", { exact: true }).waitFor();
      expect(await orders.locator("label", { hasText: "12.5" }).locator("span").textContent()).toBe("CDAB");
      await orders.getByRole("radio", { name: "CDAB" }).check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForFunction(() => [...document.querySelectorAll(".gauge")].some((gauge) => gauge.textContent?.includes("12.5 bar")));
    },
    TIMEOUT,
  );

  test(
    "a plain member sees the gauges, the chart and the unit's comments, but no edit",
    async () => {
      const { page } = await suite.pageAs(scene.readerCookie);
      await page.goto(`${suite.plexus.url}${unitPath}`);
      await page.getByRole("img", { name: "Readings over time" }).waitFor();
      expect(await page.getByRole("button", { name: "Edit unit" }).count()).toBe(0);
      await page.getByRole("tab", { name: "Comments" }).click();
      await page.locator("#panel-comments .chat-frame").getByLabel("Message", { exact: true }).waitFor();
    },
    TIMEOUT,
  );

  test(
    "the chart draws the history and grows with each live reading",
    async () => {
      const { page } = await suite.pageAs(scene.readerCookie);
      await page.goto(`${suite.plexus.url}${unitPath}`);
      const points = async () => Number((await page.locator(".unit-chart__points").textContent())?.match(/\d+/)?.[0]);
      await page.waitForFunction(() => /[1-9]/.test(document.querySelector(".unit-chart__points")?.textContent ?? ""));
      const first = await points();
      await page.waitForFunction((before) => Number(document.querySelector(".unit-chart__points")?.textContent?.match(/\d+/)?.[0]) >= before + 4, first);
      await page.getByRole("button", { name: "1 day" }).click();
      expect(await page.getByRole("button", { name: "1 day" }).getAttribute("aria-pressed")).toBe("true");
    },
    TIMEOUT,
  );
});
