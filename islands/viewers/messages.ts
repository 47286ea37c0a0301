/** The locale sections the viewers read; every page that mounts viewers embeds them (App's messages). */
export const VIEWER_MESSAGES = ["viewer.", "table.", "chart.", "calc.", "report.", "widget."];
