import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testApp } from "../testing/harness";
import { ROLES, type Role } from "./roles";
import type { Access } from "./http";
import { isNavigable } from "./cross-site";

/**
 * Every /api route with who may call it. A route missing here fails the first test, so a new
 * route cannot land without a decision about its access.
 */
const ACCESS: Record<string, Access> = {
  "GET /api/docs": "public",
  "GET /api/docs/json": "public",
  "GET /api/health": "public",
  "POST /api/login": "public",
  "POST /api/logout": "public",
  "GET /api/users/get-user": "USER",
  "POST /api/users/get-settings": "USER",
  "POST /api/users/registration": "public",
  "POST /api/users/save": "USER",
  "POST /api/users/change-password": "USER",
  "GET /api/users/get-all": "ADMIN",
  "GET /api/users/get-all-user-roles": "ADMIN",
  "POST /api/users/activate": "ADMIN",
  "POST /api/users/deactivate": "ADMIN",
  "POST /api/users/set-locale": "public",
  "GET /api/users/export/xlsx": "ADMIN",
  "POST /api/users/generate-token": "ADMIN",
  "POST /api/users/sign-in-with-token": "public",
  "POST /api/admin/activity-log/find-pageable-search-result": "SYSTEM_ADMIN",
  "GET /api/admin/activity-log/export/xlsx": "SYSTEM_ADMIN",
  "GET /api/reset-password/create-request": "public",
  "GET /api/reset-password/get-log": "public",
  "POST /api/reset-password/set-password": "public",
  "GET /api/settings/get-general": "public",
  "GET /api/settings/get-all": "SYSTEM_ADMIN",
  "POST /api/settings/save-all": "SYSTEM_ADMIN",
  "POST /api/directory/test": "SYSTEM_ADMIN",
  "POST /api/directory/import": "SYSTEM_ADMIN",
  "POST /api/settings/reveal": "SYSTEM_ADMIN",
  "POST /api/settings/send-test-message": "SYSTEM_ADMIN",
  "GET /api/mail-template/list": "SYSTEM_ADMIN",
  "GET /api/mail-template/get": "SYSTEM_ADMIN",
  "POST /api/mail-template/save": "SYSTEM_ADMIN",
  "POST /api/mail-template/reset": "SYSTEM_ADMIN",
  "POST /api/settings/get-gis-credentials": "USER",
  "GET /api/user-manual": "USER",
  "GET /api/project/get": "USER",
  "GET /api/project/get-project-details": "USER",
  "GET /api/project/get-project-list": "USER",
  "POST /api/project/create": "ADMIN",
  "POST /api/project/update": "ADMIN",
  "GET /api/project/remove": "ADMIN",
  "GET /api/project/get-user-projects": "USER",
  "GET /api/project/get-all-unassigned": "ADMIN",
  "GET /api/project/get-users-by-project": "USER",
  "POST /api/project/add-user-project": "ADMIN",
  "POST /api/project/remove-user-project": "ADMIN",
  "POST /api/project/add-to-favorites": "USER",
  "POST /api/project/remove-from-favorites": "USER",
  "GET /api/project/get-favorite-project-list": "USER",
  "GET /api/users/get-user-projects": "USER",
  "GET /api/users/get-user-project-by-user": "USER",
  "GET /api/users/find-by-category": "USER",
  "GET /api/users/get-admin-list-by-project": "USER",
  "GET /api/category/get-all-for-project/": "USER",
  "GET /api/category/get": "USER",
  "GET /api/category/get-category-details-list": "USER",
  "POST /api/category/save": "ADMIN",
  "POST /api/category/save-all": "ADMIN",
  "POST /api/category/delete": "ADMIN",
  "POST /api/category/make-copy": "ADMIN",
  "POST /api/data/find-pageable-search-result": "USER",
  "GET /api/data/get": "USER",
  "POST /api/data/save": "USER",
  "GET /api/data/remove": "USER",
  "GET /api/data/restore": "USER",
  "GET /api/data/remove-forever": "ADMIN",
  "GET /api/data/get-all-for-category": "USER",
  "GET /api/data/search": "USER",
  "GET /api/data/search-by-type": "USER",
  "GET /api/global-search/find": "USER",
  "GET /api/full-text-search/find": "USER",
  "POST /api/full-text-search/reindex": "SYSTEM_ADMIN",
  "GET /api/full-text-search/reindex-status": "SYSTEM_ADMIN",
  "GET /api/relations-data/get": "USER",
  "GET /api/relations-data/add": "USER",
  "GET /api/relations-data/remove": "USER",
  "GET /api/provider/get-all-for-project/": "USER",
  "GET /api/keyword/get-all-for-project/": "USER",
  // calc/save needs MODERATOR in the calculation's project, calc/invoke a member who sees it: checked in the service.
  "POST /api/calc/save": "USER",
  "POST /api/calc/invoke": "USER",
  // chart/save needs MODERATOR in the chart's project (a member's moderator flag counts): checked in the service.
  "GET /api/chart/get": "USER",
  "POST /api/chart/save": "USER",
  "GET /api/chart/data": "USER",
  "POST /api/chart/preview": "USER",
  // Tables: members who see the table read it; table/update, table/preview and table/save-for-project need MODERATOR in its project: checked in the service.
  "GET /api/table/get-table/:id": "USER",
  "GET /api/table/find-row/:id": "USER",
  "GET /api/table/get-options": "USER",
  "GET /api/map/get": "USER",
  "POST /api/map/save": "USER",
  "GET /api/map/find-by-layer": "USER",
  "POST /api/layer/save": "USER",
  "GET /api/layer/get-xyz-layers": "USER",
  "GET /api/layer/get-list/:ids": "USER",
  "GET /api/layer/get-layers-with-poi": "USER",
  "GET /api/layer/tile-servers": "USER",
  // Device units: members read them; modbus-unit/save needs MODERATOR in the unit's project: checked in the service.
  "POST /api/modbus-unit/save": "USER",
  "GET /api/modbus-unit/get": "USER",
  "GET /api/modbus-reader/get-last-data/:unitId": "USER",
  "GET /api/modbus-reader/history/:unitId": "USER",
  "GET /api/zws/buffer": "USER",
  "POST /api/zws/buffer": "USER",
  // A public map's tiles are anyone's; a reader's, their own.
  "GET /api/tiles/:layerId/:z/:x/:y": "public",
  "GET /api/layer-poi-style": "USER",
  "POST /api/layer-poi-style": "ADMIN",
  "DELETE /api/layer-poi-style": "ADMIN",
  "GET /api/layer-poi-template": "USER",
  "GET /api/layer-poi-template/by-layers": "USER",
  "POST /api/layer-poi-template": "ADMIN",
  "POST /api/layer-poi-template/activate": "SYSTEM_ADMIN",
  "POST /api/layer-poi-template/deactivate": "SYSTEM_ADMIN",
  "GET /api/layer/get-poi-templates": "USER",
  "POST /api/layer/bind-poi-template": "ADMIN",
  "POST /api/layer/unbind-poi-template": "ADMIN",
  "GET /api/layer-poi/find-by-id": "USER",
  "GET /api/layer-poi/find-by-name": "USER",
  "GET /api/layer-poi/get-metadata": "USER",
  "GET /api/layer-poi/changelog/get": "USER",
  "POST /api/layer-poi/save": "USER",
  "DELETE /api/layer-poi": "USER",
  "POST /api/layer-poi/filter": "USER",
  "POST /api/layer-poi/export/xlsx": "USER",
  "DELETE /api/layer-poi/delete-by-template": "ADMIN",
  "GET /api/layer-poi/geo-json": "USER",
  "POST /api/layer-poi/geo-json/check": "ADMIN",
  "POST /api/layer-poi/save-all": "ADMIN",
  "GET /api/layer-poi/min-geo-json": "USER",
  "GET /api/places/search": "USER",
  "GET /api/places/nearest": "USER",
  "POST /api/places/load": "SYSTEM_ADMIN",
  "GET /api/layer-poi/get-list-of-attached-data": "USER",
  "POST /api/layer-poi/add-attached-data": "USER",
  "DELETE /api/layer-poi/remove-attached-data": "USER",
  "GET /api/files/get-attached-files": "USER",
  "DELETE /api/files/attached-file": "USER",
  "GET /api/files/get-attached-file/:id": "USER",
  "POST /api/files/save-attached-data": "USER",
  "POST /api/files/save-attached-data-records": "USER",
  "GET /api/layer/get-related-data": "USER",
  "GET /api/layer/bind-data-to-feature": "USER",
  "GET /api/layer/unbind-data-to-feature": "USER",
  "POST /api/chats/chat-for-layer-poi": "USER",
  "POST /api/table/update": "USER",
  "POST /api/table/column-type": "USER",
  "POST /api/table/preview": "USER",
  "POST /api/table/save-for-project/:projectId": "USER",
  "GET /api/files/get-data-table/:id": "USER",
  "GET /api/chats/get-all": "USER",
  "GET /api/chats/get": "USER",
  "POST /api/chats/new-chat": "USER",
  "POST /api/chats/direct": "USER",
  "GET /api/users/search-user": "USER",
  "GET /api/users/users-not-members": "USER",
  "GET /api/chats/public": "USER",
  "POST /api/chats/join": "USER",
  "PUT /api/chats/rename": "USER",
  "POST /api/chats/invite": "USER",
  "GET /api/chats/detach-member": "USER",
  "GET /api/chats/members": "USER",
  "GET /api/chats/mentionable": "USER",
  "GET /api/chats/subscribe": "USER",
  "GET /api/chats/unsubscribe": "USER",
  "PUT /api/chats/archive": "USER",
  "DELETE /api/chats": "USER",
  "GET /api/chat-records/get-messages": "USER",
  "GET /api/data/get-by-chat": "USER",
  "GET /api/chats/for-data": "USER",
  "POST /api/chats/new-chat-for-data": "USER",
  "POST /api/update/encrypt-messages": "SYSTEM_ADMIN",
  "GET /api/update/get-update-type": "SYSTEM_ADMIN",
  "GET /api/update/get-build-number": "SYSTEM_ADMIN",
  "GET /api/update/get-last-build-number": "SYSTEM_ADMIN",
  "POST /api/update/update-all": "SYSTEM_ADMIN",
  "POST /api/update/delete-unused-files": "SYSTEM_ADMIN",
  "POST /api/update/remove-mail-templates": "SYSTEM_ADMIN",
  "POST /api/update/set-default-category": "SYSTEM_ADMIN",
  "POST /api/update/add-tokens": "SYSTEM_ADMIN",
  "GET /api/backup/get-all": "SYSTEM_ADMIN",
  "GET /api/backup/get-type": "SYSTEM_ADMIN",
  "POST /api/backup/backup-now": "SYSTEM_ADMIN",
  "POST /api/backup/restore-by-date": "SYSTEM_ADMIN",
  "POST /api/backup/delete-by-date": "SYSTEM_ADMIN",
  "GET /api/backup/get-passphrase-status": "SYSTEM_ADMIN",
  "POST /api/backup/set-passphrase": "SYSTEM_ADMIN",
  "POST /api/backup/generate-passphrase": "SYSTEM_ADMIN",
  // Or a USER with the moderator flag in some project (docs/policy.ts): the role table's USER has none.
  "POST /api/files/save": "MODERATOR",
  "POST /api/docs/add-doc-version": "USER",
  "POST /api/docs/update-doc-version": "USER",
  "GET /api/docs/get-all-versions/:id": "USER",
  "GET /api/docs/get-body/:id": "USER",
  "GET /api/docs/get-picture/:id": "USER",
  "POST /api/docs/remove-doc-version/:id": "USER",
  "POST /api/docs/save-all/:projectId": "USER",
  "POST /api/docs/save-for-project/:projectId": "USER",
  "GET /api/files/get-temp-file/:path": "USER",
  "GET /api/files/get-doc-version/:id": "USER",
  "POST /api/files/save-user-file": "USER",
  "GET /api/files/get-file-entities": "USER",
  "GET /api/files/get-file-entity/:token": "USER",
  "GET /api/files/get-user-file/:token": "public",
  "POST /api/files/share": "USER",
  "POST /api/files/withdraw": "USER",
  "POST /api/files/remove": "USER",
  "POST /api/files/add-file-entity/:token": "USER",
  "POST /api/files/save-records": "USER",
  "GET /api/files/disk-space": "USER",
  "POST /api/files/share-options": "USER",
  "POST /api/files/unlock-share/:token": "public",
  "GET /api/files/quota": "USER",
  "POST /api/files/set-quota": "ADMIN",
  "GET /api/article/get-articles-tree": "USER",
  "GET /api/article/get-last-version-by-article/:id": "USER",
  "GET /api/article/get-all-versions/:id": "USER",
  "GET /api/article/get-article-version/:id": "USER",
  "GET /api/article/get-unrelated-articles": "USER",
  "GET /api/article/set-parent": "USER",
  "POST /api/article/save": "USER",
  "POST /api/article/add-new-version/:articleId": "USER",
  "POST /api/article/delete/:id": "ADMIN",
  "POST /api/article/upload-picture": "USER",
  "GET /api/article/picture/:id": "USER",
  "GET /api/report/get/:id": "USER",
  "POST /api/report/save": "USER",
  "POST /api/report/export/:id": "USER",
  "GET /api/issue/get": "USER",
  "POST /api/issue/find-pageable-search-result": "USER",
  "POST /api/issue/save": "USER",
  "POST /api/issue/update": "USER",
  "POST /api/issue/update-name": "USER",
  "POST /api/issue/update-category-list": "USER",
  "POST /api/issue/update-due-date": "USER",
  "POST /api/issue/assignee": "USER",
  "POST /api/issue/update-field": "USER",
  "POST /api/issue/find-board": "USER",
  "POST /api/issue/change-status": "USER",
  "POST /api/issue/upload-picture": "USER",
  "POST /api/issue/remove": "USER",
  "GET /api/issue/get-by-chat": "USER",
  "GET /api/issue/get-issues-by-map": "USER",
  "GET /api/issue-template/get-all": "USER",
  "POST /api/issue-template/save": "USER",
  "POST /api/issue-template/delete": "USER",
  "GET /api/widget/get-all": "USER",
  "POST /api/widget/save": "USER",
  "POST /api/widget/save-all": "USER",
  "GET /api/widget/remove": "USER",
  // Anyone: the service answers only for an active item in a public category, 404 for everything else.
  "GET /api/public-data/get": "public",
  "GET /api/public/map/:id": "public",
  "GET /api/public/map/:id/layer/:layerId/objects": "public",
  "GET /api/public/map/:id/search": "public",
};

let t: ReturnType<typeof testApp>;
const users = {} as Record<Role, { login: string }>;
beforeAll(async () => {
  t = testApp();
  for (const role of ROLES) users[role] = (await t.userWithCookie(role)).user;
});
afterAll(() => t.close());

const routeKeys = () => t.app.routes.map((route) => `${route.method} ${route.path}`);

test("every route has an access entry, and every entry a route", () => {
  expect(routeKeys().filter((key) => !(key in ACCESS))).toEqual([]);
  expect(Object.keys(ACCESS).filter((key) => !routeKeys().includes(key))).toEqual([]);
});

describe("each route with each role and signed out", () => {
  for (const [key, level] of Object.entries(ACCESS)) {
    test(`${key} needs ${level}`, async () => {
      const [method, template] = key.split(" ");
      const path = template.replace(/:\w+/g, "1");
      // An empty body: whatever else fails, authorisation must be decided first.
      const call = (cookie?: string) => t.call(method, path.replace(/^\/api/, ""), { cookie, raw: method === "GET" ? undefined : "{}", headers: method === "GET" ? {} : { "content-type": "application/json" } });
      const signedOut = await call();
      if (level === "public") expect([401, 403]).not.toContain(signedOut.status);
      else expect(signedOut.status).toBe(401);
      for (const role of ROLES) {
        // A fresh session each time: the logout route ends the one it is called with.
        const res = await call(await t.signIn(users[role].login));
        const allowed = level === "public" || ROLES.indexOf(role) >= ROLES.indexOf(level);
        if (allowed) expect(res.status === 401 || (res.status === 403 && res.body?.error === "forbidden")).toBe(false);
        else expect(res.status).toBe(403);
      }
    });
  }
});

/**
 * The cross-site column: with a signed-in administrator's cookie, every route refuses what a link,
 * an image, a form or a script on another site can send; only the navigable reads (downloads and
 * documentation, all GET) answer a navigation.
 */
describe("each route refuses cross-site calls", () => {
  for (const key of Object.keys(ACCESS)) {
    test(`${key} acts only on calls from our own page`, async () => {
      const [method, template] = key.split(" ");
      const path = template.replace(/:\w+/g, "1").replace(/^\/api/, "");
      const body = method === "GET" ? {} : { raw: "{}", headers: { "content-type": "application/json" } };
      const cookie = await t.signIn(users.SYSTEM_ADMIN.login);
      const codes = ["cross_site_refused", "origin_mismatch"];
      // A link or a redirect: a top-level navigation carries the cookie, but no Origin and no proof header.
      const navigation = await t.call(method, path, { ...body, cookie, bare: true, headers: { ...body.headers, "sec-fetch-mode": "navigate" } });
      if (isNavigable(method, template.replace(/:\w+/g, "1"))) {
        expect(method).toBe("GET");
        expect(codes).not.toContain(navigation.body?.error);
      } else {
        expect(navigation.status).toBe(403);
        expect(codes).toContain(navigation.body.error);
      }
      // Another site's script, even one that adds the header: its Origin gives it away.
      for (const origin of ["http://evil.test", "https://plexus.test", "http://plexus.test:8080", "garbage"]) {
        const foreign = await t.call(method, path, { ...body, cookie, headers: { ...body.headers, origin } });
        expect(foreign.status).toBe(403);
        expect(foreign.body.error).toBe("origin_mismatch");
      }
      // A state change with no Origin, or a sandboxed frame's "null", is refused too.
      if (method !== "GET") {
        const blindHeaders: Record<string, string>[] = [{ "x-requested-with": "plexus" }, { "x-requested-with": "plexus", origin: "null" }];
        for (const headers of blindHeaders) {
          const blind = await t.call(method, path, { ...body, cookie, bare: true, headers: { ...body.headers, ...headers } });
          expect(blind.status).toBe(403);
          expect(blind.body.error).toBe("origin_mismatch");
        }
      }
    });
  }
});

/**
 * The class net under every route: hostile values in every parameter name the API uses, as an
 * administrator who may call everything, never reach a 500.
 */
describe("no route answers 500 to hostile parameters", () => {
  const NAMES = ["id", "ids", "chatId", "chatID", "chat", "dataId", "member", "userId", "projectId", "idNode", "limit", "after", "before", "part", "page", "str", "name", "type", "dataType", "archived", "inline", "email", "token", "title", "node", "parentId", "childId", "articleId", "value", "date", "status", "mapId", "tableId", "format", "rowsPerPage", "sortBy", "desc", "filter", "header", "q"];
  const VALUES = ["0", "-1", "1e309", "99999999999999999999", "abc", "", "%00", "true", "[]", "1,2,,x", "🙂".repeat(50)];
  for (const key of Object.keys(ACCESS)) {
    test(key, async () => {
      const [method, template] = key.split(" ");
      const cookie = await t.signIn(users.SYSTEM_ADMIN.login);
      for (const value of VALUES) {
        const query = NAMES.map((name) => `${name}=${encodeURIComponent(value)}`).join("&");
        const path = `${template.replace(/:\w+/g, encodeURIComponent(value) || "x").replace(/^\/api/, "")}?${query}`;
        const body = method === "GET" ? {} : { raw: JSON.stringify({ id: value, name: value, chatId: value }), headers: { "content-type": "application/json" } };
        const res = await t.call(method, path, { ...body, cookie });
        expect(res.status).toBeLessThan(500);
      }
    }, 30_000); // generate-passphrase derives a key (argon2id, about a second) on each of the values
  }
});
