CREATE TABLE `table_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_id` integer NOT NULL,
	`cells` text NOT NULL,
	`search` text NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `table_rows_table` ON `table_rows` (`table_id`);--> statement-breakpoint
CREATE TABLE `table_sort_keys` (
	`row_id` integer NOT NULL,
	`table_id` integer NOT NULL,
	`col` integer NOT NULL,
	`sort_key` blob NOT NULL,
	PRIMARY KEY(`row_id`, `col`),
	FOREIGN KEY (`row_id`) REFERENCES `table_rows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `table_sort_keys_order` ON `table_sort_keys` (`table_id`,`col`,`sort_key`,`row_id`);