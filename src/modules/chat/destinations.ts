/** The chat's live destinations (DESIGN.md, live channel), for the server and the chat islands. */
export const topicOf = (chatId: number) => `/ws-broker/topic/${chatId}`;
export const notifyDestination = (chatId: number) => `/ws-prefix/notify/${chatId}`;
export const readDestination = (chatId: number, messageId: number) => `/ws-prefix/chat/${chatId}/message-read/${messageId}`;
export const removeDestination = (chatId: number, messageId: number) => `/ws-prefix/chat/${chatId}/message-remove/${messageId}`;
export const editDestination = (chatId: number, messageId: number) => `/ws-prefix/chat/${chatId}/message-edit/${messageId}`;
