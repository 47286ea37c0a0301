import { describe, expect, test } from "bun:test";
import { bucketFor, bucketStart, dateOfCell, nextBucket } from "./cell-dates";

const utc = (text: string) => Date.parse(`${text}Z`);

describe("dates in table cells", () => {
  test("reads imported XLSX dates and typed dd.mm.yyyy dates, with or without a time, as UTC", () => {
    expect(dateOfCell("2026-03-12")).toBe(utc("2026-03-12T00:00:00"));
    expect(dateOfCell("2026-03-12 14:30")).toBe(utc("2026-03-12T14:30:00"));
    expect(dateOfCell("2026-03-12 14:30:05")).toBe(utc("2026-03-12T14:30:05"));
    expect(dateOfCell("12.03.2026")).toBe(utc("2026-03-12T00:00:00"));
    expect(dateOfCell(" 1.3.2026 9:05 ")).toBe(utc("2026-03-01T09:05:00"));
  });

  test("refuses what is no real date, and slashed dates whose order readers disagree on", () => {
    for (const text of ["31.02.2026", "2026-13-01", "2026-02-30", "12.03.26", "03/04/2026", "12.03.2026 24:00", "2026", "31,5", "", "Пролёт 2"]) {
      expect({ text, date: dateOfCell(text) }).toEqual({ text, date: undefined });
    }
  });

  test("buckets start on the day, on Monday, on the first of the month; the next one follows on", () => {
    const thursday = utc("2026-03-12T14:30:00");
    expect(bucketStart(thursday, "DAY")).toBe(utc("2026-03-12T00:00:00"));
    expect(bucketStart(thursday, "WEEK")).toBe(utc("2026-03-09T00:00:00"));
    expect(bucketStart(utc("2026-03-15T23:00:00"), "WEEK")).toBe(utc("2026-03-09T00:00:00"));
    expect(bucketStart(thursday, "MONTH")).toBe(utc("2026-03-01T00:00:00"));
    expect(nextBucket(utc("2026-01-01T00:00:00"), "MONTH")).toBe(utc("2026-02-01T00:00:00"));
    expect(nextBucket(utc("2026-12-01T00:00:00"), "MONTH")).toBe(utc("2027-01-01T00:00:00"));
    expect(nextBucket(utc("2026-03-09T00:00:00"), "WEEK")).toBe(utc("2026-03-16T00:00:00"));
  });

  test("the bucket keeps a span within the points asked for", () => {
    expect(bucketFor(utc("2026-03-01T00:00:00"), utc("2026-03-31T00:00:00"), 60)).toBe("DAY");
    expect(bucketFor(utc("2026-01-01T00:00:00"), utc("2026-12-31T00:00:00"), 60)).toBe("WEEK");
    expect(bucketFor(utc("2020-01-01T00:00:00"), utc("2026-12-31T00:00:00"), 60)).toBe("MONTH");
  });
});
