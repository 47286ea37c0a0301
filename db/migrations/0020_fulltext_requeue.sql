-- Every text the full-text index holds is written again by the next search's catch-up (in the background
-- past the first 1,000): rows indexed before stop words were dropped (src/modules/search/fulltext-stems.ts)
-- lose them, and the rebuild ends with the index merged into one b-tree.
INSERT OR IGNORE INTO `fulltext_pending` SELECT `rowid` & 3, `rowid` >> 2 FROM `fulltext_index`;
