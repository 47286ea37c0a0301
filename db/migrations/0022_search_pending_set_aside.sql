-- fulltext_pending moves into the drizzle schema (db/schema/search.ts): the table migration 0015 made by hand is
-- set aside with its rows, so that 0023, generated from the schema, can create it, and 0024 puts the rows back.
-- The triggers of 0015 and 0018 name it in their bodies only, so they write to the new table once it exists.
CREATE TABLE `fulltext_pending_kept` AS SELECT `kind`, `ref` FROM `fulltext_pending`;
--> statement-breakpoint
DROP TABLE `fulltext_pending`;
