CREATE TABLE `issue_categories` (
	`issue_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`issue_id`, `category_id`),
	FOREIGN KEY (`issue_id`) REFERENCES `issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `issue_categories_category` ON `issue_categories` (`category_id`);--> statement-breakpoint
CREATE TABLE `issue_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`icon` text DEFAULT '' NOT NULL,
	`fields` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`description_html` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`due_date` integer,
	`performer_id` integer,
	`reporter_id` integer,
	`template_id` integer,
	`additional_fields` text,
	`layer_poi` text,
	`layer_id` integer,
	`sys` text,
	`map_id` integer,
	`coordinates` text,
	`chat_id` integer,
	`reminded_on` text,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`performer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`template_id`) REFERENCES `issue_templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`map_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `issues_project` ON `issues` (`project_id`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_status` ON `issues` (`project_id`,`status`);--> statement-breakpoint
CREATE INDEX `issues_project_name` ON `issues` (`project_id`,lower("name"));--> statement-breakpoint
CREATE INDEX `issues_project_created` ON `issues` (`project_id`,`creation_date`);--> statement-breakpoint
CREATE INDEX `issues_performer` ON `issues` (`performer_id`,`status`);--> statement-breakpoint
CREATE INDEX `issues_due` ON `issues` (`due_date`);--> statement-breakpoint
CREATE INDEX `issues_map` ON `issues` (`map_id`);