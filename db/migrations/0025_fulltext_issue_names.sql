-- A task's name is indexed with its description, so one query finds a task by words of both: renaming re-indexes it.
DROP TRIGGER `fulltext_issue_update`;
--> statement-breakpoint
CREATE TRIGGER `fulltext_issue_update` AFTER UPDATE OF `description_html`, `name` ON `issues` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (2, new.id);
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `fulltext_pending` SELECT 2, `id` FROM `issues`;
