import {
  mdiCodeBraces, mdiCodeTags, mdiFormatBold, mdiFormatHeader2, mdiFormatHeader3, mdiFormatItalic, mdiFormatListBulleted, mdiFormatListNumbered,
  mdiFormatQuoteClose, mdiFormatStrikethrough, mdiImage, mdiImageEdit, mdiImagePlus, mdiLink, mdiRedo, mdiTable, mdiTableColumnPlusAfter,
  mdiTableColumnRemove, mdiTableRemove, mdiTableRowPlusAfter, mdiTableRowRemove, mdiUndo,
} from "@mdi/js";

/**
 * The rich-text editor's toolbar (wiki articles, reports): each tool's name (its label is
 * `wiki.tool.<name>`; islands/lib/rich-text.ts runs it) and icon, in toolbar order.
 */
export const RICH_TEXT_TOOLS = [
  ["bold", mdiFormatBold], ["italic", mdiFormatItalic], ["strike", mdiFormatStrikethrough], ["code", mdiCodeTags],
  ["heading", mdiFormatHeader2], ["subheading", mdiFormatHeader3], ["bulletList", mdiFormatListBulleted], ["orderedList", mdiFormatListNumbered],
  ["quote", mdiFormatQuoteClose], ["codeBlock", mdiCodeBraces], ["link", mdiLink], ["image", mdiImage], ["table", mdiTable],
  ["addRow", mdiTableRowPlusAfter], ["deleteRow", mdiTableRowRemove], ["addColumn", mdiTableColumnPlusAfter], ["deleteColumn", mdiTableColumnRemove],
  ["deleteTable", mdiTableRemove], ["undo", mdiUndo], ["redo", mdiRedo],
] as const;

/** An editor that stores pictures itself (the wiki's) shows these in place of `image` (a picture by its address). */
export const PICTURE_TOOLS = [["picture", mdiImagePlus], ["alt", mdiImageEdit]] as const;

export type ToolName = (typeof RICH_TEXT_TOOLS)[number][0] | (typeof PICTURE_TOOLS)[number][0];
