-- A PDF version's text for the full-text index (src/modules/docs/pdf-text.ts): null until the background reader
-- has read it (so versions uploaded before this migration are read after it), '' when it has none.
ALTER TABLE `doc_versions` ADD `text` text;