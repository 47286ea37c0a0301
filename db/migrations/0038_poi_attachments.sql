CREATE TABLE `feature_data` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`layer_id` integer NOT NULL,
	`feature_sys` text NOT NULL,
	`data_id` integer NOT NULL,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feature_data_layer_feature_data` ON `feature_data` (`layer_id`,`feature_sys`,`data_id`);--> statement-breakpoint
CREATE INDEX `feature_data_data` ON `feature_data` (`data_id`);--> statement-breakpoint
CREATE TABLE `poi_attached_data` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`object_id` integer NOT NULL,
	`data_id` integer NOT NULL,
	`added_by` integer,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`object_id`) REFERENCES `poi_objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poi_attached_data_object_data` ON `poi_attached_data` (`object_id`,`data_id`);--> statement-breakpoint
CREATE INDEX `poi_attached_data_data` ON `poi_attached_data` (`data_id`);--> statement-breakpoint
CREATE TABLE `poi_attached_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`object_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`object_id`) REFERENCES `poi_objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `drive_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poi_attached_files_object_file` ON `poi_attached_files` (`object_id`,`file_id`);--> statement-breakpoint
CREATE INDEX `poi_attached_files_file` ON `poi_attached_files` (`file_id`);--> statement-breakpoint
ALTER TABLE `chats` ADD `poi_object_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_poi_unique` ON `chats` (`poi_object_id`);