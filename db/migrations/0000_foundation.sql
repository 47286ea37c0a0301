CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`data_id` integer,
	`description` text DEFAULT '' NOT NULL,
	`activity_type` text NOT NULL,
	`date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_log_date_idx` ON `activity_log` (`date`);--> statement-breakpoint
CREATE INDEX `activity_log_user_idx` ON `activity_log` (`user_id`);--> statement-breakpoint
CREATE TABLE `mail_templates` (
	`type` text PRIMARY KEY NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`value` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_reset_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_requests_token_hash_unique` ON `password_reset_requests` (`token_hash`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`is_secured` integer DEFAULT false NOT NULL,
	`type` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_label_unique` ON `settings` (`label`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`login` text NOT NULL,
	`email` text NOT NULL,
	`phone_number` text,
	`position` text,
	`company` text,
	`role` text DEFAULT 'USER' NOT NULL,
	`password_hash` text NOT NULL,
	`avatar` text,
	`locale` text,
	`is_active` integer DEFAULT false NOT NULL,
	`is_imported_from_ad` integer DEFAULT false NOT NULL,
	`email_notifications_allowed` integer DEFAULT true NOT NULL,
	`sms_notifications_allowed` integer DEFAULT false NOT NULL,
	`gis_login` text,
	`gis_password` text,
	`registration_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_login_date` integer,
	`last_logout_date` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_login_unique` ON `users` (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));