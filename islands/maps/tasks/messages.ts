/** The locale sections a map on a task's page reads: the task's place and its full-screen dialog. */
export const TASK_MAP_MESSAGES = ["map.", "poi.value."];

/** What a map's page adds for its menu's task dialog. */
export const MAP_TASK_DIALOG_MESSAGES = ["issue.", "issueStatus."];
