CREATE TABLE `table_columns` (
	`table_id` integer NOT NULL,
	`col` integer NOT NULL,
	`type` text NOT NULL,
	`fit` real NOT NULL,
	PRIMARY KEY(`table_id`, `col`),
	FOREIGN KEY (`table_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
