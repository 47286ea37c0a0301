-- Full-text search (src/modules/search/fulltext-index.ts): the text of wiki articles (current version),
-- task descriptions and documents (the newest active version's converted DOCX), as stems in Russian,
-- Spanish and English. rowid = ref * 4 + kind (1 article, 2 task, 3 document); `body` is the plain text
-- the snippets are cut from. Stems are made in JavaScript, so the triggers only note in the writing
-- transaction which rows changed (fulltext_pending); every search brings those rows in first.
CREATE VIRTUAL TABLE `fulltext_index` USING fts5(stems, body UNINDEXED, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TABLE `fulltext_pending` (`kind` integer NOT NULL, `ref` integer NOT NULL, PRIMARY KEY(`kind`, `ref`)) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `fulltext_pending` SELECT 1, `id` FROM `articles`;
--> statement-breakpoint
INSERT OR IGNORE INTO `fulltext_pending` SELECT 2, `id` FROM `issues`;
--> statement-breakpoint
INSERT OR IGNORE INTO `fulltext_pending` SELECT DISTINCT 3, `data_id` FROM `doc_versions`;
--> statement-breakpoint
CREATE TRIGGER `fulltext_article_version_insert` AFTER INSERT ON `article_versions` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (1, new.article_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_article_version_update` AFTER UPDATE ON `article_versions` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (1, new.article_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_article_update` AFTER UPDATE OF `version` ON `articles` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (1, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_article_delete` AFTER DELETE ON `articles` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (1, old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_issue_insert` AFTER INSERT ON `issues` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (2, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_issue_update` AFTER UPDATE OF `description_html` ON `issues` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (2, new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_issue_delete` AFTER DELETE ON `issues` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (2, old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_doc_version_insert` AFTER INSERT ON `doc_versions` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, new.data_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_doc_version_update` AFTER UPDATE ON `doc_versions` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, new.data_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fulltext_doc_version_delete` AFTER DELETE ON `doc_versions` BEGIN
  INSERT OR IGNORE INTO `fulltext_pending` VALUES (3, old.data_id);
END;
