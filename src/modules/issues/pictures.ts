import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { issuePictures, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, invalid } from "../../lib/errors";
import { isImageName } from "../../lib/file-types";
import { filesById, removeFiles, saveUserFile } from "../drive/service";
import { ISSUE_LIMITS } from "./limits";
import { requireIssue } from "./policy";

// Pictures in a task's description: an editor of the task uploads one into their drive (streamed, size-limited,
// its bytes checked against its extension as every upload is) and it becomes the task's, readable by whoever
// may read the task (drive's download rule asks issues/policy). A description may show only its task's pictures.

/** /issue/upload-picture: one image (multipart field "file") for the task's description; its token goes in the image block. */
export async function uploadPicture(ctx: AppContext, actor: User, issueId: number, request: Request) {
  const { issue } = requireIssue(ctx.db, actor, issueId, "edit");
  const file = await saveUserFile(ctx, actor, request, { maxBytes: ISSUE_LIMITS.pictureBytes });
  if (!isImageName(file.name)) {
    removeFiles(ctx, actor, { id: String(file.id) });
    throw new AppError(415, "issue_picture_type", "A picture is a png, jpeg, gif or bmp file");
  }
  ctx.db.insert(issuePictures).values({ issueId: issue.id, fileId: file.id }).run();
  return { token: file.token, name: file.name };
}

/** The tokens of the image blocks of a description's built JSON. */
const tokensIn = (json: string): string[] =>
  (JSON.parse(json) as { blocks: { type: string; data: { file?: { token?: string } } }[] }).blocks.flatMap((b) => (b.type === "image" && b.data.file?.token ? [b.data.file.token] : []));

/** Refuses (422) a description showing a picture that is not its task's (`issueId` undefined: a task being made has none yet). */
export function checkPictures(db: Db, issueId: number | undefined, json: string) {
  // A long description was built in the worker to spare the event loop: parsed here only if it has a picture.
  if (!json.includes('"type":"image"')) return;
  const tokens = tokensIn(json);
  if (!tokens.length) return;
  const ids = issueId === undefined ? [] : db.select({ fileId: issuePictures.fileId }).from(issuePictures).where(eq(issuePictures.issueId, issueId)).all().map((r) => r.fileId);
  const own = new Set([...filesById(db, ids).values()].map((file) => file.token));
  if (tokens.some((token) => !own.has(token))) throw invalid([{ path: "body.description", message: "issue.unknownPicture", code: "issue.unknownPicture" }]);
}
