CREATE TABLE `article_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer,
	`uploaded_by` integer,
	`file_name` text NOT NULL,
	`stored_path` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `article_attachments_article` ON `article_attachments` (`article_id`);--> statement-breakpoint
CREATE INDEX `article_attachments_uploader` ON `article_attachments` (`uploaded_by`);--> statement-breakpoint
ALTER TABLE `article_versions` ADD `summary` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `project_id` integer REFERENCES projects(id);--> statement-breakpoint
CREATE INDEX `articles_project` ON `articles` (`project_id`);