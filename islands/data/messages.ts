/**
 * The locale sections a data item page's islands read (the head's tools and edit dialog, the viewer's frame and side
 * panel, the info panel's facts); the data and document pages embed them.
 */
export const ITEM_MESSAGES = [
  "data.edit.",
  "data.wizard.",
  "data.categories",
  "data.view.",
  "data.description",
  "data.shortDescription",
  "data.provider",
  "data.keywords",
  "data.status",
  "data.owner",
  "data.created",
  "dataStatus.",
  "docs.view.",
  "viewer.splitScreen",
  "chat.comments",
];
