-- The rows 0022 set aside go back into fulltext_pending as 0023 created it from the schema.
INSERT OR IGNORE INTO `fulltext_pending` (`kind`, `ref`) SELECT `kind`, `ref` FROM `fulltext_pending_kept`;
--> statement-breakpoint
DROP TABLE `fulltext_pending_kept`;
