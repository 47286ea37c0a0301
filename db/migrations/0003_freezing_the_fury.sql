ALTER TABLE `drive_files` ADD `share_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `drive_files_share_token_unique` ON `drive_files` (`share_token`);--> statement-breakpoint
ALTER TABLE `drive_files` DROP COLUMN `is_shared`;--> statement-breakpoint
CREATE INDEX `chat_messages_file` ON `chat_messages` (`file_id`);