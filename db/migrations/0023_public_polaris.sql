CREATE TABLE `fulltext_pending` (
	`kind` integer NOT NULL,
	`ref` integer NOT NULL,
	PRIMARY KEY(`kind`, `ref`)
);
