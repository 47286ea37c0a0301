-- Chat messages in the full-text index as kind 0 (rowid = message id * 4). Bodies are sealed at rest, so the
-- index holds no text of them: src/modules/search/fulltext-index.ts opens each message in memory and writes
-- keyed hashes of its stems, and nothing into `body`. As for the other kinds, the triggers only note in the
-- writing transaction which messages changed (a new one, an edit, a deletion, a removed chat).
INSERT OR IGNORE INTO `fulltext_pending` SELECT 0, `id` FROM `chat_messages` WHERE `message_key` = 'DEFAULT';
--> statement-breakpoint
CREATE TRIGGER `fulltext_chat_message_insert` AFTER INSERT ON `chat_messages` WHEN new.message_key = 'DEFAULT' BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (0, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_chat_message_update` AFTER UPDATE OF `body`, `message_key` ON `chat_messages` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (0, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_chat_message_delete` AFTER DELETE ON `chat_messages` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (0, old.id);
END;
