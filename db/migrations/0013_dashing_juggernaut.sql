CREATE TABLE `table_imports` (
	`data_id` integer PRIMARY KEY NOT NULL,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The filter's index (hand-written: drizzle has no virtual tables): every 3-character run of each row's folded text, kept in step with table_rows by the triggers below.
CREATE VIRTUAL TABLE `table_rows_search` USING fts5(`search`, content='table_rows', content_rowid='id', tokenize='trigram', detail=full);
--> statement-breakpoint
INSERT INTO `table_rows_search`(`table_rows_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `table_rows_search_insert` AFTER INSERT ON `table_rows` BEGIN
	INSERT INTO `table_rows_search`(`rowid`, `search`) VALUES (new.`id`, new.`search`);
END;
--> statement-breakpoint
CREATE TRIGGER `table_rows_search_delete` AFTER DELETE ON `table_rows` BEGIN
	INSERT INTO `table_rows_search`(`table_rows_search`, `rowid`, `search`) VALUES ('delete', old.`id`, old.`search`);
END;
--> statement-breakpoint
CREATE TRIGGER `table_rows_search_update` AFTER UPDATE OF `search` ON `table_rows` BEGIN
	INSERT INTO `table_rows_search`(`table_rows_search`, `rowid`, `search`) VALUES ('delete', old.`id`, old.`search`);
	INSERT INTO `table_rows_search`(`rowid`, `search`) VALUES (new.`id`, new.`search`);
END;
