import type OlMap from "ol/Map";

/** A CSS `matrix(a, b, c, d, e, f)` as its six numbers. */
const matrixOf = (transform: string) => /^matrix\(([^)]*)\)$/.exec(transform)?.[1]?.split(",").map(Number);

/**
 * The map's layer canvases painted over `background` into one PNG, once the map has finished rendering. Each
 * canvas is placed by the transform OpenLayers gave it, or stretched over its CSS size when it has none.
 */
export function mapImage(map: OlMap, background: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    map.once("rendercomplete", () => {
      const [width = 0, height = 0] = map.getSize() ?? [];
      const ratio = window.devicePixelRatio || 1;
      const out = new OffscreenCanvas(Math.round(width * ratio), Math.round(height * ratio));
      const context = out.getContext("2d")!;
      context.fillStyle = background;
      context.fillRect(0, 0, out.width, out.height);
      for (const canvas of map.getViewport()?.querySelectorAll<HTMLCanvasElement>(".ol-layer canvas, canvas.ol-layer") ?? []) {
        if (!canvas.width || !canvas.height) continue;
        const opacity = canvas.parentElement?.style.opacity || canvas.style.opacity;
        context.globalAlpha = opacity === "" ? 1 : Number(opacity);
        const [a, b, c, d, e, f] = matrixOf(canvas.style.transform) ?? [
          (Number.parseFloat(canvas.style.width) || width) / canvas.width,
          0,
          0,
          (Number.parseFloat(canvas.style.height) || height) / canvas.height,
          0,
          0,
        ];
        context.setTransform(ratio, 0, 0, ratio, 0, 0);
        context.transform(a!, b!, c!, d!, e!, f!);
        context.drawImage(canvas, 0, 0);
      }
      out.convertToBlob({ type: "image/png" }).then(resolve, reject);
    });
    map.renderSync();
  });
}
