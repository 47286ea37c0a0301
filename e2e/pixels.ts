import type { Page } from "playwright-core";

/** The least and the most of red, green and blue a pixel may have to count as one colour. */
export type ColourRange = [min: [number, number, number], max: [number, number, number]];

/**
 * How many pixels of a PNG (base64) fall in each named range, decoded by the page's browser: a WebGL canvas cannot be
 * read back, so a screenshot of it, or an exported image, is counted this way.
 */
export function countColours<Name extends string>(page: Page, png: string, ranges: Record<Name, ColourRange>): Promise<Record<Name, number> & { total: number }> {
  return page.evaluate(
    async ([base64, wanted]) => {
      const image = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: "image/png" }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const counts: Record<string, number> = { total: pixels.length / 4 };
      const entries = Object.entries(wanted as Record<string, ColourRange>);
      for (const [name] of entries) counts[name] = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        for (const [name, [min, max]] of entries) {
          if ([0, 1, 2].every((c) => pixels[i + c]! >= min[c]! && pixels[i + c]! <= max[c]!)) counts[name]!++;
        }
      }
      return counts;
    },
    [png, ranges] as const,
  ) as Promise<Record<Name, number> & { total: number }>;
}
