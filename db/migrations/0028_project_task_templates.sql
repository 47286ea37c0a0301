ALTER TABLE `issue_templates` ADD `project_id` integer REFERENCES projects(id);--> statement-breakpoint
CREATE INDEX `issue_templates_project` ON `issue_templates` (`project_id`);