/**
 * What a converted DOCX's HTML holds for its viewer, shared by the converter, the sanitiser and the
 * page (no imports, so islands take it without server code): Word's Title paragraph becomes an h1
 * with this class, which the structure tree puts above the headings.
 */
export const DOCX_TITLE_CLASS = "docx-title";
