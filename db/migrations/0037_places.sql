CREATE TABLE `place_names` (
	`folded` text NOT NULL,
	`place_id` integer NOT NULL,
	`word_start` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`folded`, `place_id`, `word_start`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`name_ru` text DEFAULT '' NOT NULL,
	`name_es` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`country_code` text DEFAULT '' NOT NULL,
	`population` integer DEFAULT 0 NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `places_lat_lon` ON `places` (`lat`,`lon`);