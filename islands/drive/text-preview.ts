import { userFileUrl } from "../lib/files";

/** How much of a text file the viewer shows: its first 256 KB. */
export const TEXT_PREVIEW_BYTES = 256 * 1024;

/**
 * The first TEXT_PREVIEW_BYTES of a file as text (one Range request, which is not counted as a
 * download), and whether there is more; a character cut at the end is left out.
 */
export async function readText(token: string, signal: AbortSignal): Promise<{ text: string; more: boolean }> {
  const response = await fetch(userFileUrl(token), { headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` }, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const total = Number(/\/(\d+)$/.exec(response.headers.get("content-range") ?? "")?.[1] ?? bytes.byteLength);
  return { text: new TextDecoder().decode(bytes.subarray(0, TEXT_PREVIEW_BYTES), { stream: true }), more: total > TEXT_PREVIEW_BYTES };
}
