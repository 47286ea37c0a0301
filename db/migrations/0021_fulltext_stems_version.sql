-- Which stemmers made the stems the full-text index holds (src/modules/search/fulltext-restem.ts): at
-- start, an index made by others than the running code's (STEMS_VERSION in fulltext-stems.ts) is stemmed
-- again in the background. No row: made before this was recorded, with the Porter 1 English stemmer (1).
CREATE TABLE `fulltext_stems_version` (`version` integer NOT NULL);
