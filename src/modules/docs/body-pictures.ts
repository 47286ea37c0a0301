/**
 * The converter keeps a DOCX's pictures inside its HTML as base64 `data:` addresses, a third larger than
 * the files and in the way of the text on a slow link. The body is served with each picture as an address
 * of its own instead (GET /api/docs/get-picture/:id?n=), loaded lazily and cached for good, since a
 * version's body never changes. Only raster types: the picture route serves them under their own type.
 */
const INLINE_PICTURE = /src="data:(image\/(?:png|jpeg|gif|webp|bmp));base64,([A-Za-z0-9+/=\s]*)"/g;

/**
 * `body` with its inline pictures replaced by their addresses, numbered in order from 0; `h`, a hash of the
 * picture, tells two versions' same picture apart from a changed one (islands/docs/compare-pictures.ts).
 */
export function bodyWithPictureLinks(body: string, versionId: number): string {
  let n = 0;
  return body.replace(INLINE_PICTURE, (_, _mime, data: string) => {
    const url = `/api/docs/get-picture/${versionId}?n=${n++}&amp;h=${Bun.hash(data).toString(36)}`;
    return `src="${url}" loading="lazy" decoding="async"`;
  });
}

/** The `n`th inline picture of `body`, if it has that many. */
export function pictureOf(body: string, n: number): { mime: string; bytes: Uint8Array<ArrayBuffer> } | undefined {
  let i = 0;
  for (const match of body.matchAll(INLINE_PICTURE)) {
    if (i++ === n) return { mime: match[1], bytes: Uint8Array.fromBase64(match[2].replace(/\s/g, "")) };
  }
  return undefined;
}
