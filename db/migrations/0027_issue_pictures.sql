CREATE TABLE `issue_pictures` (
	`issue_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	PRIMARY KEY(`issue_id`, `file_id`),
	FOREIGN KEY (`issue_id`) REFERENCES `issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `drive_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `issue_pictures_file` ON `issue_pictures` (`file_id`);