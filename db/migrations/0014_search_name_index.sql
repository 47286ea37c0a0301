-- Search (src/modules/search/name-index.ts): a trigram index of data item names, so a name search finds
-- a part of a name in any case and script without reading every row. External content: the names stay
-- only in data_items; the triggers keep the index in step in the writing transaction.
CREATE VIRTUAL TABLE `data_item_names` USING fts5(name, content='data_items', content_rowid='id', tokenize='trigram case_sensitive 0');
--> statement-breakpoint
INSERT INTO `data_item_names`(`data_item_names`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `data_item_names_insert` AFTER INSERT ON `data_items` BEGIN
  INSERT INTO `data_item_names`(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `data_item_names_delete` AFTER DELETE ON `data_items` BEGIN
  INSERT INTO `data_item_names`(`data_item_names`, rowid, name) VALUES ('delete', old.id, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `data_item_names_update` AFTER UPDATE OF name ON `data_items` BEGIN
  INSERT INTO `data_item_names`(`data_item_names`, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO `data_item_names`(rowid, name) VALUES (new.id, new.name);
END;
