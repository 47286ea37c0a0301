CREATE TABLE `layers` (
	`data_id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`url` text,
	`projection` text DEFAULT 'EPSG:3857' NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "layers_xyz_url" CHECK("layers"."kind" <> 'XYZ' or "layers"."url" is not null)
);
--> statement-breakpoint
CREATE INDEX `layers_kind` ON `layers` (`kind`);--> statement-breakpoint
CREATE TABLE `map_layers` (
	`map_id` integer NOT NULL,
	`layer_id` integer NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	`index_number` integer DEFAULT 0 NOT NULL,
	`themes` text DEFAULT '' NOT NULL,
	`labels` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`map_id`, `layer_id`),
	FOREIGN KEY (`map_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `map_layers_layer` ON `map_layers` (`layer_id`);--> statement-breakpoint
CREATE TABLE `maps` (
	`data_id` integer PRIMARY KEY NOT NULL,
	`position` text NOT NULL,
	`parent_map_id` integer,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_map_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `maps_parent` ON `maps` (`parent_map_id`);--> statement-breakpoint
CREATE TABLE `zws_buffer` (
	`layer_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`layer_id`, `key`),
	FOREIGN KEY (`layer_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
