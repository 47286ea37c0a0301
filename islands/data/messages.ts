/**
 * The locale sections a data item page's islands read (the head's tools and edit dialog, the viewer's frame and side
 * panel, the info panel); the data and document pages embed them.
 */
export const ITEM_MESSAGES = ["data.edit.", "data.wizard.", "data.categories", "data.view.", "dataStatus.", "docs.view.", "viewer.splitScreen", "chat.comments"];
