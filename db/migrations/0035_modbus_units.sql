CREATE TABLE `modbus_aggregates` (
	`field_id` integer NOT NULL,
	`period` integer NOT NULL,
	`at` integer NOT NULL,
	`min` real NOT NULL,
	`max` real NOT NULL,
	`avg` real NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`field_id`, `period`, `at`),
	FOREIGN KEY (`field_id`) REFERENCES `modbus_fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `modbus_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`unit_id` integer NOT NULL,
	`address` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`postfix` text DEFAULT '' NOT NULL,
	`min_value` real,
	`min_threshold_value` real,
	`max_value` real,
	`max_threshold_value` real,
	`data_type` text DEFAULT 'WORD' NOT NULL,
	`color` text DEFAULT 'FF0000' NOT NULL,
	`register_kind` text DEFAULT 'HOLDING' NOT NULL,
	`float_order` text DEFAULT 'ABCD' NOT NULL,
	`scale` real DEFAULT 1 NOT NULL,
	`offset` real DEFAULT 0 NOT NULL,
	`index_number` integer DEFAULT 0 NOT NULL,
	`alarm` text DEFAULT 'NORMAL' NOT NULL,
	FOREIGN KEY (`unit_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `modbus_fields_unit` ON `modbus_fields` (`unit_id`);--> statement-breakpoint
CREATE TABLE `modbus_readings` (
	`field_id` integer NOT NULL,
	`at` integer NOT NULL,
	`value` real NOT NULL,
	PRIMARY KEY(`field_id`, `at`),
	FOREIGN KEY (`field_id`) REFERENCES `modbus_fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `modbus_units` (
	`data_id` integer PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`port` integer DEFAULT 502 NOT NULL,
	`slave_id` integer DEFAULT 1 NOT NULL,
	`poll_ms` integer DEFAULT 1000 NOT NULL,
	`alarm_delay_ms` integer DEFAULT 5000 NOT NULL,
	`alarm_task` integer DEFAULT false NOT NULL,
	`alarm_performer_id` integer,
	`alarm_reporter_id` integer,
	FOREIGN KEY (`data_id`) REFERENCES `data_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alarm_performer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`alarm_reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
