/**
 * The chat's input limits, written once: the model and the service check them, the islands size
 * their inputs by them. Plain constants, so a browser bundle imports them without the server.
 */
export const MESSAGE_MAX = 4000;
export const CHAT_NAME_MAX = 100;
export const CHAT_DESCRIPTION_MAX = 1000;
export const USER_SEARCH_MAX = 100;
