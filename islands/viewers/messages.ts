/**
 * The locale sections the viewers read; every page that mounts viewers embeds them (App's messages). The
 * report editor's toolbar is the wiki's, with its labels and prompts.
 */
export const VIEWER_MESSAGES = ["viewer.", "table.", "chart.", "map.", "issueStatus.", "layer.", "poi.value.", "modbus.", "calc.", "report.", "widget.", "wiki.tool", "wiki.linkPrompt", "wiki.imagePrompt", "wiki.imageOwnOnly", "common.number."];
