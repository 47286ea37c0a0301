CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text,
	`number` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`has_process` integer DEFAULT false NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `categories_project` ON `categories` (`project_id`,`number`);--> statement-breakpoint
CREATE TABLE `data_categories` (
	`data_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`data_id`, `category_id`),
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_categories_category` ON `data_categories` (`category_id`);--> statement-breakpoint
CREATE TABLE `data_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`data_type` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`short_description` text DEFAULT '' NOT NULL,
	`provider_id` integer,
	`owner_id` integer,
	`status` text DEFAULT 'NO_DATA' NOT NULL,
	`icon` text,
	`is_active` integer DEFAULT true NOT NULL,
	`value` text,
	`body` text,
	`script` text,
	`props` text,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `data_items_project_type` ON `data_items` (`project_id`,`data_type`,`is_active`);--> statement-breakpoint
CREATE INDEX `data_items_project_name` ON `data_items` (`project_id`,`data_type`,lower("name"));--> statement-breakpoint
CREATE TABLE `data_keywords` (
	`data_id` integer NOT NULL,
	`keyword_id` integer NOT NULL,
	PRIMARY KEY(`data_id`, `keyword_id`),
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`keyword_id`) REFERENCES `keywords`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_keywords_keyword` ON `data_keywords` (`keyword_id`);--> statement-breakpoint
CREATE TABLE `data_relations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	FOREIGN KEY (`from_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_relations_pair` ON `data_relations` (`from_id`,`to_id`);--> statement-breakpoint
CREATE INDEX `data_relations_to` ON `data_relations` (`to_id`);--> statement-breakpoint
CREATE TABLE `doc_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`data_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`file_name` text NOT NULL,
	`file_path` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`body` text,
	`author_id` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `doc_versions_data` ON `doc_versions` (`data_id`,`creation_date`);--> statement-breakpoint
CREATE TABLE `keywords` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`value` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `keywords_project_value` ON `keywords` (`project_id`,lower("value"));--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`timeline` text DEFAULT '{"description":"","steps":[]}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `providers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '_' NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `providers_project_name` ON `providers` (`project_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `staged_files` (
	`path` text PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`stored_path` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`type` text NOT NULL,
	`body` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staged_files_created` ON `staged_files` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_project_categories` (
	`user_project_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`user_project_id`, `category_id`),
	FOREIGN KEY (`user_project_id`) REFERENCES `user_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`moderator` integer DEFAULT false NOT NULL,
	`favorite` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_projects_user_project` ON `user_projects` (`user_id`,`project_id`);--> statement-breakpoint
CREATE INDEX `user_projects_project` ON `user_projects` (`project_id`);