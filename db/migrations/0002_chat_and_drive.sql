CREATE TABLE `chat_members` (
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`subscribed` integer DEFAULT true NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`last_read_message_id` integer DEFAULT 0 NOT NULL,
	`last_mailed_at` integer,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_members_user` ON `chat_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`author_id` integer,
	`message_key` text DEFAULT 'DEFAULT' NOT NULL,
	`body` text NOT NULL,
	`encrypted` integer DEFAULT true NOT NULL,
	`file_id` integer,
	`client_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`file_id`) REFERENCES `drive_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_chat` ON `chat_messages` (`chat_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_client` ON `chat_messages` (`author_id`,`client_id`) WHERE "chat_messages"."client_id" is not null;--> statement-breakpoint
CREATE TABLE `chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`owner_id` integer,
	`data_id` integer,
	`issue_id` integer,
	`last_message_id` integer,
	`last_message_time` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_named_unique` ON `chats` (lower("name")) WHERE "chats"."type" in ('PUBLIC', 'PRIVATE');--> statement-breakpoint
CREATE UNIQUE INDEX `chats_data_unique` ON `chats` (`data_id`);--> statement-breakpoint
CREATE TABLE `drive_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`mime` text NOT NULL,
	`stored_path` text NOT NULL,
	`token` text NOT NULL,
	`is_shared` integer DEFAULT false NOT NULL,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drive_files_token_unique` ON `drive_files` (`token`);--> statement-breakpoint
CREATE INDEX `drive_files_owner` ON `drive_files` (`owner_id`,`creation_date`);