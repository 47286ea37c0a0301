import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { docVersions, type User } from "../../../db/schema";
import { IMMUTABLE_PRIVATE } from "../../lib/downloads";
import { invalid, notFound } from "../../lib/errors";
import { bodyWithPictureLinks, pictureOf } from "./body-pictures";
import { firstPageText, firstScreen } from "./first-screen";
import { requireVersion } from "./policy";
import type { VersionPreview } from "./presenter";

/** Converted bodies are served in parts of this many characters, so a long document loads progressively. */
const BODY_PART_CHARS = 256 * 1024;
/** A first screen of a Word body: some three screens of text at 1280 px, 4-6 KB over the link once gzipped. */
const FIRST_SCREEN_CHARS = 12_000;
/** A PDF page rarely holds more; a dense one is cut at a line's end. */
const FIRST_PAGE_CHARS = 6_000;

/** A version's body as the browser gets it: pictures as addresses of their own. */
const servedBody = (version: { id: number; body: string | null }) => bodyWithPictureLinks(version.body ?? "", version.id);

/**
 * One part of a converted DOCX body with the number of parts, and its strong validator: a
 * version's body never changes, so the browser keeps each part (see immutableAnswer).
 */
export function versionBody(db: Db, actor: User, id: number, part = 0) {
  const body = servedBody(requireVersion(db, actor, id));
  const totalParts = Math.max(1, Math.ceil(body.length / BODY_PART_CHARS));
  if (part >= totalParts) throw invalid([{ path: "query.part", message: `There are ${totalParts} parts` }]);
  const text = body.slice(part * BODY_PART_CHARS, (part + 1) * BODY_PART_CHARS);
  return { etag: `"b${id}-${part}-${Bun.hash(text).toString(36)}"`, answer: { id, part, totalParts, body: text } };
}

/** The `n`th picture of a converted DOCX body (numbered as versionBody links them), under its own type; never changes. */
export function versionPicture(db: Db, actor: User, id: number, n: number): Response {
  const picture = pictureOf(requireVersion(db, actor, id).body ?? "", n);
  if (!picture) throw notFound("picture");
  return new Response(picture.bytes, {
    headers: {
      "content-type": picture.mime,
      "x-content-type-options": "nosniff",
      "cache-control": IMMUTABLE_PRIVATE,
      etag: `"p${id}-${n}"`,
    },
  });
}

/**
 * What the document page renders before its scripts come: the first screen of a Word version's body,
 * or the first page of a PDF's text (none until the server has read it). Other files have none.
 */
export function versionPreview(db: Db, actor: User, id: number): VersionPreview | undefined {
  const version = requireVersion(db, actor, id);
  if (version.type === "MS_DOC" && version.body) {
    const body = servedBody(version);
    const html = firstScreen(body, FIRST_SCREEN_CHARS);
    return { versionId: id, html, complete: html.length === body.length };
  }
  if (version.type !== "PDF") return undefined;
  // The first page is near the start: the text's first characters are read, not its 500 000.
  const head = db
    .select({ text: sql<string | null>`substr(${docVersions.text}, 1, ${FIRST_PAGE_CHARS * 2})` })
    .from(docVersions)
    .where(eq(docVersions.id, id))
    .get()?.text;
  const text = head ? firstPageText(head, FIRST_PAGE_CHARS) : "";
  return text ? { versionId: id, text } : undefined;
}
