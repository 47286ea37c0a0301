import { Elysia, t } from "elysia";
import type { AppContext } from "../../lib/context";
import { authPlugin } from "../../lib/http";
import { integer } from "../../lib/schema";
import { answers, idSchema } from "../../lib/responses";
import {
  chatIDQuery, chatIdQuery, chatQuery, dataChatBody,
  poiChatBody, dataIdQuery, detachQuery, inviteBody, listQuery, messagesQuery, newChatBody,
  notMembersQuery, renameQuery, searchQuery, userIdQuery,
} from "./model";
import {
  chatDataSchema, chatSchema, commentChatSchema, detachedSchema, encryptedSchema, invitedSchema, memberSchema, messageSchema, renamedSchema,
  publicChatSchema, subscribedSchema, userChoiceSchema,
} from "./presenter";
import {
  chatMembersOf, createChat, deleteChat, detachMember, directChat, getChat, inviteMembers, joinPublic, listChats, publicChats,
  renameChat, searchUsers, setSubscribed, toggleArchived, usersNotMembers,
} from "./service";
import { encryptPlainMessages, messagesOf } from "./messages";
import { mentionable } from "./mentions";
import { chatForData, commentChatOf, dataOfChat } from "./data-chats";
import { chatForPoi } from "./poi-chats";

const chatList = answers(t.Array(chatSchema));
const chatId = answers(integer());
const userChoices = answers(t.Array(userChoiceSchema));
const subscribed = answers(subscribedSchema);

/** Spec 1's chat calls; messages themselves travel over the live channel (see live.ts). */
export const chatRoutes = (ctx: AppContext) =>
  new Elysia()
    .use(authPlugin(ctx))
    .get("/chats/get-all", ({ actor, query }) => listChats(ctx, actor, query.archived), { access: "USER", query: listQuery, response: chatList })
    .get("/chats/get", ({ actor, query }) => getChat(ctx, actor, query.chatId), { access: "USER", query: chatIdQuery, response: answers(chatSchema) })
    .post("/chats/new-chat", ({ actor, body }) => createChat(ctx, actor, body), { access: "USER", body: newChatBody, response: chatId })
    .post("/chats/direct", ({ actor, query }) => directChat(ctx, actor, query.userId), { access: "USER", query: userIdQuery, response: chatId })
    .get("/users/search-user", ({ actor, query }) => searchUsers(ctx.db, actor, query.str), { access: "USER", query: searchQuery, response: userChoices })
    .get("/users/users-not-members", ({ actor, query }) => usersNotMembers(ctx.db, actor, query.chat, query.str), { access: "USER", query: notMembersQuery, response: userChoices })
    .get("/chats/public", ({ actor, query }) => publicChats(ctx.db, actor, query.str), { access: "USER", query: searchQuery, response: answers(t.Array(publicChatSchema)) })
    .post("/chats/join", ({ actor, query }) => joinPublic(ctx, actor, query.chat), { access: "USER", query: chatQuery, response: answers(chatSchema) })
    .put("/chats/rename", ({ actor, query }) => renameChat(ctx, actor, query.chatID, query.name), { access: "USER", query: renameQuery, response: answers(renamedSchema) })
    .post("/chats/invite", ({ actor, query, body }) => inviteMembers(ctx, actor, query.chatId, body), { access: "USER", query: chatIdQuery, body: inviteBody, response: answers(invitedSchema) })
    .get("/chats/detach-member", ({ actor, query }) => detachMember(ctx, actor, query.chat, query.member), { access: "USER", query: detachQuery, response: answers(detachedSchema) })
    .get("/chats/mentionable", ({ actor, query }) => mentionable(ctx.db, actor, query.chatId), { access: "USER", query: chatIdQuery, response: userChoices })
    .get("/chats/members", ({ actor, query }) => chatMembersOf(ctx.db, actor, query.chatId), { access: "USER", query: chatIdQuery, response: answers(t.Array(memberSchema)) })
    .get("/chats/subscribe", ({ actor, query }) => setSubscribed(ctx, actor, query.chat, true), { access: "USER", query: chatQuery, response: subscribed })
    .get("/chats/unsubscribe", ({ actor, query }) => setSubscribed(ctx, actor, query.chat, false), { access: "USER", query: chatQuery, response: subscribed })
    .put("/chats/archive", ({ actor, query }) => toggleArchived(ctx, actor, query.chatID), { access: "USER", query: chatIDQuery, response: answers(t.Boolean()) })
    .delete("/chats", ({ actor, query }) => deleteChat(ctx, actor, query.chatID), { access: "USER", query: chatIDQuery, response: answers(idSchema) })
    .get("/chat-records/get-messages", ({ actor, query }) => messagesOf(ctx, actor, query.chatId, query), { access: "USER", query: messagesQuery, response: answers(t.Array(messageSchema)) })
    .get("/data/get-by-chat", ({ actor, query }) => dataOfChat(ctx, actor, query.chatId), { access: "USER", query: chatIdQuery, response: answers(chatDataSchema) })
    .get("/chats/for-data", ({ actor, query }) => commentChatOf(ctx, actor, query.dataId), { access: "USER", query: dataIdQuery, response: answers(commentChatSchema) })
    .post("/chats/new-chat-for-data", ({ actor, body }) => chatForData(ctx, actor, body.dataId, body.message), { access: "USER", body: dataChatBody, response: answers(idSchema) })
    .post("/chats/chat-for-layer-poi", ({ actor, body }) => chatForPoi(ctx, actor, body.lpId), { access: "USER", body: poiChatBody, response: answers(idSchema) })
    .post("/update/encrypt-messages", () => encryptPlainMessages(ctx), { access: "SYSTEM_ADMIN", response: answers(encryptedSchema) });
