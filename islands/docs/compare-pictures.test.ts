import { describe, expect, test } from "bun:test";
import { comparablePictures } from "./compare-pictures";

const img = (version: number, n: number, hash: string) => `<p><img src="/api/docs/get-picture/${version}?n=${n}&amp;h=${hash}" loading="lazy"></p>`;

describe("two versions' pictures compared", () => {
  test("the same picture in both reads the same; a changed one differs; every address comes back", () => {
    const before = img(1, 0, "aa") + img(1, 1, "bb");
    const after = img(2, 0, "aa") + img(2, 1, "cc");
    const pictures = comparablePictures(before, after);
    expect(pictures.before.split("</p>")[0]).toBe(pictures.after.split("</p>")[0]);
    expect(pictures.before).not.toBe(pictures.after);
    expect(pictures.restore(pictures.before + pictures.after)).toBe(img(2, 0, "aa") + img(1, 1, "bb") + img(2, 0, "aa") + img(2, 1, "cc"));
  });
});
