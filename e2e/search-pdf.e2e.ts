import { describe, expect, test } from "bun:test";
import { en } from "../locales/en";
import { pdfTextsRead } from "../src/modules/docs/pdf-text";
import { reportPdf } from "../src/modules/reports/pdf";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite, islandsHydrated } from "./setup";

// The search sheet by content finds a word form inside an uploaded PDF once the server has read its text.

const suite = browserSuite();

describe("search sheet: PDF content", () => {
  test(
    "a Russian word form inside an uploaded PDF is found by another form; the card marks it and opens the document",
    async () => {
      const cookie = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
      const project = await apiCall<{ id: number }>(suite.plexus.url, cookie, "POST", "/project/create", { name: "Мост Osprey" });
      const pdf = await reportPdf({ name: "p", attrs: {}, children: ["Список кандидатов Osprey на должность инженера."] }, "Протокол");
      const form = new FormData();
      form.append("file", new File([pdf as BlobPart], "протокол.pdf"));
      const staged = await fetch(`${suite.plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
      const [{ path }] = await staged.json();
      const [saved] = await apiCall<{ id: number }[]>(suite.plexus.url, cookie, "POST", `/docs/save-all/${project.id}`, [{ path, name: "Протокол Osprey", provider: "Бюро" }]);
      // The upload answered at once; its text is read in the background.
      await pdfTextsRead(suite.plexus.db);

      const { page } = await suite.pageAs(cookie);
      await page.goto(`${suite.plexus.url}/`);
      await islandsHydrated(page);
      await page.keyboard.press("Control+KeyS");
      await page.getByRole("radio", { name: en["search.byContent"] }).check();
      await page.getByLabel(en["search.query"]).fill("кандидат osprey");
      const card = page.getByRole("dialog", { name: en["search.title"] }).getByRole("link", { name: /Протокол Osprey, version протокол\.pdf/ });
      await card.waitFor();
      expect(new Set(await card.locator("mark").allTextContents())).toEqual(new Set(["кандидатов", "Osprey"]));
      await card.click();
      await page.waitForURL(`${suite.plexus.url}/project/${project.id}/doc/${saved!.id}#hl=${encodeURIComponent("кандидат osprey")}`);
    },
    60_000,
  );
});
