ALTER TABLE `activity_log` ADD `data_name` text;--> statement-breakpoint
CREATE INDEX `activity_log_type_idx` ON `activity_log` (`activity_type`);--> statement-breakpoint
CREATE INDEX `activity_log_description_idx` ON `activity_log` (`description`);