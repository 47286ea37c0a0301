/** The locale sections a data item page's islands read (the head's edit dialog, the info panel); its page embeds them. */
export const ITEM_MESSAGES = ["data.edit.", "data.wizard.", "data.categories", "dataStatus.", "docs.view."];
