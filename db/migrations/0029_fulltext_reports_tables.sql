-- A report's body and a table's cells are indexed for full-text search too, under the row kind 3 that documents
-- had (ref = the data item's id, whatever its type): a report's body saved and a table's rows written, edited or
-- removed note the item as pending; a removed report goes with its body.
CREATE TRIGGER `fulltext_report_insert` AFTER INSERT ON `data_items` WHEN new.data_type = 'REPORT' BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_report_update` AFTER UPDATE OF `body` ON `data_items` WHEN new.data_type = 'REPORT' BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_report_delete` AFTER DELETE ON `data_items` WHEN old.data_type = 'REPORT' BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_table_row_insert` AFTER INSERT ON `table_rows` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, new.table_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_table_row_update` AFTER UPDATE OF `cells` ON `table_rows` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, new.table_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_table_row_delete` AFTER DELETE ON `table_rows` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, old.table_id);
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `fulltext_pending` SELECT 3, `id` FROM `data_items` WHERE `data_type` = 'REPORT' AND `body` IS NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO `fulltext_pending` SELECT DISTINCT 3, `table_id` FROM `table_rows`;
