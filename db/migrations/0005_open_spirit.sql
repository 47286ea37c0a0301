CREATE TABLE `drive_quotas` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`quota_bytes` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `drive_files` ADD `share_expires_at` integer;--> statement-breakpoint
ALTER TABLE `drive_files` ADD `share_password_hash` text;