import {
  mdiCodeBraces, mdiCodeTags, mdiFormatBold, mdiFormatHeader2, mdiFormatHeader3, mdiFormatItalic, mdiFormatListBulleted, mdiFormatListNumbered,
  mdiFormatQuoteClose, mdiFormatStrikethrough, mdiImage, mdiLink, mdiRedo, mdiTable, mdiUndo,
} from "@mdi/js";

/**
 * The rich-text editor's toolbar (wiki articles, reports): each tool's name (its label is
 * `wiki.tool.<name>`; islands/lib/rich-text.ts runs it) and icon, in toolbar order.
 */
export const RICH_TEXT_TOOLS = [
  ["bold", mdiFormatBold], ["italic", mdiFormatItalic], ["strike", mdiFormatStrikethrough], ["code", mdiCodeTags],
  ["heading", mdiFormatHeader2], ["subheading", mdiFormatHeader3], ["bulletList", mdiFormatListBulleted], ["orderedList", mdiFormatListNumbered],
  ["quote", mdiFormatQuoteClose], ["codeBlock", mdiCodeBraces], ["link", mdiLink], ["image", mdiImage], ["table", mdiTable],
  ["undo", mdiUndo], ["redo", mdiRedo],
] as const;
