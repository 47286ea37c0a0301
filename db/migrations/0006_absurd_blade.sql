ALTER TABLE `users` ADD `login_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `activated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `users_login_key_unique` ON `users` (`login_key`);