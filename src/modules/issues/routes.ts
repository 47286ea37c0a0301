import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin, STREAMED_BODY } from "../../lib/http";
import { answers, idSchema } from "../../lib/responses";
import {
  assigneeQuery, categoriesQuery, chatIdQuery, dueDateQuery, fieldBody, idQuery, mapIdQuery, nameQuery, pageBody, pageQuery, saveBody, statusQuery, templateBody, templatesQuery, updateBody,
} from "./model";
import { issueBoardSchema, issuePageSchema, issueSchema, mapIssueSchema, pictureSchema, templateSchema } from "./presenter";
import { findIssueBoard, findIssuePage, issuesByMap } from "./search";
import {
  assignIssue, changeCategories, changeDueDate, changeField, changeStatus, getIssue, issueOfChat, removeIssue, renameIssue, saveIssue, updateIssue,
} from "./service";
import { deleteTemplate, saveTemplate, templatesFor } from "./templates";
import { uploadPicture } from "./pictures";

/**
 * Tasks (spec 2, section 7 "Issues"; spec 1 issue/get-by-chat; spec 3 issue/get-issues-by-map) and
 * issue templates. Route access is the floor; membership, the category rule and who edits (reporter,
 * performer, moderators) or removes (moderators) are checked in the services (policy.ts).
 */
export const issueRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/issue/get", ({ actor, query }) => getIssue(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(issueSchema) })
    .post("/issue/find-pageable-search-result", ({ actor, query, body, locale }) => findIssuePage(ctx.db, actor, query.projectId, body, locale), {
      access: "USER",
      query: pageQuery,
      body: pageBody,
      response: answers(issuePageSchema),
    })
    .post("/issue/find-board", ({ actor, query, body, locale }) => findIssueBoard(ctx.db, actor, query.projectId, body, locale), {
      access: "USER",
      query: pageQuery,
      body: pageBody,
      response: answers(issueBoardSchema),
    })
    .post("/issue/save", ({ actor, body, locale }) => saveIssue(ctx, actor, body, locale), { access: "USER", body: saveBody, response: answers(issueSchema) })
    .post("/issue/update", ({ actor, body, locale }) => updateIssue(ctx, actor, body, locale), { access: "USER", body: updateBody, response: answers(issueSchema) })
    .post("/issue/update-name", ({ actor, query }) => renameIssue(ctx, actor, query.id, query.value), { access: "USER", query: nameQuery, response: answers(issueSchema) })
    .post("/issue/update-category-list", ({ actor, query }) => changeCategories(ctx, actor, query.id, query.value), { access: "USER", query: categoriesQuery, response: answers(issueSchema) })
    .post("/issue/update-due-date", ({ actor, query }) => changeDueDate(ctx, actor, query.id, query.date), { access: "USER", query: dueDateQuery, response: answers(issueSchema) })
    .post("/issue/update-field", ({ actor, query, body, locale }) => changeField(ctx, actor, query.id, body, locale), { access: "USER", query: idQuery, body: fieldBody, response: answers(issueSchema) })
    .post("/issue/assignee", ({ actor, query }) => assignIssue(ctx, actor, query.id, query.userId), { access: "USER", query: assigneeQuery, response: answers(issueSchema) })
    .post("/issue/change-status", ({ actor, query }) => changeStatus(ctx, actor, query.id, query.status), { access: "USER", query: statusQuery, response: answers(issueSchema) })
    .post("/issue/upload-picture", ({ actor, query, request }) => uploadPicture(ctx, actor, query.id, request), { access: "USER", query: idQuery, parse: STREAMED_BODY, response: answers(pictureSchema) })
    .post("/issue/remove", ({ actor, query }) => removeIssue(ctx, actor, query.id), { access: "USER", query: idQuery, response: answers(idSchema) })
    .get("/issue/get-by-chat", ({ actor, query }) => issueOfChat(ctx.db, actor, query.chatId), { access: "USER", query: chatIdQuery, response: answers(issueSchema) })
    .get("/issue/get-issues-by-map", ({ actor, query }) => issuesByMap(ctx.db, actor, query.mapId), { access: "USER", query: mapIdQuery, response: answers(t.Array(mapIssueSchema)) })
    .get("/issue-template/get-all", ({ actor, query }) => templatesFor(ctx.db, actor, query.projectId), { access: "USER", query: templatesQuery, response: answers(t.Array(templateSchema)) })
    .post("/issue-template/save", ({ actor, body }) => saveTemplate(ctx.db, actor, body), { access: "USER", body: templateBody, response: answers(templateSchema) })
    .post("/issue-template/delete", ({ actor, query }) => deleteTemplate(ctx.db, actor, query.id), { access: "USER", query: idQuery, response: answers(idSchema) });
