/**
 * The embedding options of a public map frame (the share dialog writes them into the frame's address, the page
 * reads them back): the wheel may zoom, the search shows, a full-screen button shows. Left out, the first two are
 * on and the last off, so the plain address is the page as it is shared.
 */
export interface EmbedOptions {
  wheelZoom: boolean;
  search: boolean;
  fullscreen: boolean;
}

/** The iframe's size in CSS pixels, within what a page can sensibly hold. */
export interface FrameSize {
  width: number;
  height: number;
}

export const FRAME_SIZE_LIMITS = { min: 200, max: 4000 } as const;

/** The options an address asks for; anything but the exact values meaning "not the default" keeps the default. */
export const readEmbed = (params: URLSearchParams): EmbedOptions => ({
  wheelZoom: params.get("wheel") !== "0",
  search: params.get("search") !== "0",
  fullscreen: params.get("fullscreen") === "1",
});

/** The query that asks for `options`: only what differs from the defaults, in a fixed order (one address per choice, for caches). */
export function embedQuery(options: EmbedOptions): string {
  const params = new URLSearchParams();
  if (!options.wheelZoom) params.set("wheel", "0");
  if (!options.search) params.set("search", "0");
  if (options.fullscreen) params.set("fullscreen", "1");
  const text = params.toString();
  return text ? `?${text}` : "";
}

const clampSize = (n: number) => Math.round(Math.min(FRAME_SIZE_LIMITS.max, Math.max(FRAME_SIZE_LIMITS.min, Number.isFinite(n) ? n : FRAME_SIZE_LIMITS.min)));

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The <iframe> element another site pastes to show the frame at `address` (the page's own, without a query). */
export function iframeSnippet(address: string, options: EmbedOptions, size: FrameSize, title: string): string {
  const fullscreen = options.fullscreen ? " allowfullscreen" : "";
  return `<iframe src="${attribute(address + embedQuery(options))}" width="${clampSize(size.width)}" height="${clampSize(size.height)}" title="${attribute(title)}" style="border:0" loading="lazy"${fullscreen}></iframe>`;
}
