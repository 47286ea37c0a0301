CREATE TABLE `poi_changelog` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`object_id` integer NOT NULL,
	`layer_id` integer NOT NULL,
	`author_id` integer,
	`change_type` text NOT NULL,
	`date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`geometry` text,
	`changes` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `poi_changelog_object` ON `poi_changelog` (`object_id`,`id`);--> statement-breakpoint
CREATE TABLE `poi_layer_templates` (
	`layer_id` integer NOT NULL,
	`template_id` integer NOT NULL,
	PRIMARY KEY(`layer_id`, `template_id`),
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `poi_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poi_layer_templates_template` ON `poi_layer_templates` (`template_id`);--> statement-breakpoint
CREATE TABLE `poi_objects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`layer_id` integer NOT NULL,
	`template_id` integer NOT NULL,
	`name` text NOT NULL,
	`geometry` text NOT NULL,
	`properties` text DEFAULT '{}' NOT NULL,
	`min_lon` real NOT NULL,
	`min_lat` real NOT NULL,
	`max_lon` real NOT NULL,
	`max_lat` real NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`creation_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`modification_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `poi_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poi_objects_layer_template` ON `poi_objects` (`layer_id`,`template_id`);--> statement-breakpoint
CREATE INDEX `poi_objects_layer_name` ON `poi_objects` (`layer_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `poi_styles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`stroke` text DEFAULT '#FF0000FF' NOT NULL,
	`fill` text DEFAULT '#FF000030' NOT NULL,
	`stroke_width` real DEFAULT 1 NOT NULL,
	`icon` text,
	`image_scale` real DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `poi_template_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`template_id` integer NOT NULL,
	`name` text NOT NULL,
	`index` integer DEFAULT 0 NOT NULL,
	`type` text NOT NULL,
	`options` text,
	`required` integer DEFAULT false NOT NULL,
	`part_of_name` integer DEFAULT false NOT NULL,
	`show_on_map` integer DEFAULT false NOT NULL,
	`exclude_from_table_view` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `poi_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poi_template_fields_template` ON `poi_template_fields` (`template_id`,`index`);--> statement-breakpoint
CREATE TABLE `poi_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`graph_type` text NOT NULL,
	`icon` text,
	`is_active` integer DEFAULT true NOT NULL,
	`default_style_id` integer,
	`rules` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`default_style_id`) REFERENCES `poi_styles`(`id`) ON UPDATE no action ON DELETE set null
);
