import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { ru } from "../../locales/ru";
import { withDom } from "../testing/dom";
import { pageStrings } from "../testing/page-strings";
import { historyText } from "./history";

withDom();
// withDom's cleanup imports it after each test: loaded here, before any test runs.
await import("@testing-library/react");

const line = (event: Record<string, unknown>) => historyText(JSON.stringify(event), "Lena Ivanova");
const tom = { id: 7, fullName: "Tom Berg" };
const ada = { id: 8, fullName: "Ada Byron" };
const thisYear = new Date().getFullYear();
// Due dates are the end of a day in the browser's time zone (islands/issues/calls.ts dayToMs).
const dueOn = (month: number, date: number, year = thisYear) => new Date(year, month, date, 23, 59, 59, 999).getTime();

describe("history lines in the reader's words", () => {
  test("English: who changed what from what to what, dates and numbers as English writes them", () => {
    pageStrings("en", en);
    expect(line({ event: "dueDateChanged", from: dueOn(10, 25), to: dueOn(11, 15) })).toBe("Lena Ivanova changed the due date: Nov 25 → Dec 15");
    expect(line({ event: "dueDateChanged", from: null, to: dueOn(0, 2, 2031) })).toBe("Lena Ivanova changed the due date: none → Jan 2, 2031");
    expect(line({ event: "assigned", performer: tom })).toBe("Lena Ivanova assigned Tom Berg");
    expect(line({ event: "assigned", performer: tom, previous: ada })).toBe("Lena Ivanova reassigned the task: Ada Byron → Tom Berg");
    expect(line({ event: "statusChanged", from: "OPEN", to: "IN_PROGRESS" })).toBe("Lena Ivanova changed the status from Open to In progress");
    expect(line({ event: "fieldChanged", field: "Depth", type: "NUMBER", from: 1234.5, to: null })).toBe("Lena Ivanova changed Depth: 1,234.5 → none");
    expect(line({ event: "fieldChanged", field: "Safe", type: "BOOLEAN", from: null, to: true })).toBe("Lena Ivanova changed Safe: none → Yes");
    expect(line({ event: "fieldChanged", field: "Inspector", type: "USER", from: ada, to: tom })).toBe("Lena Ivanova changed Inspector: Ada Byron → Tom Berg");
    expect(line({ event: "categoriesChanged", from: ["Pumps"], to: ["Pumps", "Valves"] })).toBe("Lena Ivanova changed the categories: Pumps → Pumps, Valves");
    expect(line({ event: "templateChanged", from: null, to: "Inspection" })).toBe("Lena Ivanova changed the template: none → Inspection");
    // Lines stored before values were kept read as before.
    expect(line({ event: "categoriesChanged" })).toBe("Lena Ivanova changed the categories");
    expect(line({ event: "dataChanged", fields: ["dueDate"] })).toBe("Lena Ivanova changed the task's details");
  });

  test("Russian: the same lines with Russian dates, decimal commas and statuses", () => {
    pageStrings("ru", ru);
    expect(line({ event: "dueDateChanged", from: dueOn(10, 25), to: dueOn(11, 15) })).toBe("Lena Ivanova изменил(а) срок: 25 нояб. → 15 дек.");
    expect(line({ event: "fieldChanged", field: "Глубина", type: "NUMBER", from: 18.5, to: 31.5 })).toBe("Lena Ivanova изменил(а) поле «Глубина»: 18,5 → 31,5");
    expect(line({ event: "fieldChanged", field: "Визит", type: "DATE", from: null, to: Date.UTC(2030, 0, 2, 12) })).toBe("Lena Ivanova изменил(а) поле «Визит»: нет → 2 янв. 2030 г.");
    expect(line({ event: "statusChanged", from: "OPEN", to: "DONE" })).toBe("Lena Ivanova изменил(а) статус: Открыта → Выполнена");
    expect(line({ event: "assigned", performer: tom })).toBe("Lena Ivanova назначил(а) исполнителя: Tom Berg");
  });
});
