/** Which files are images and which a viewer shows: one rule for the server, the pages and the islands. */

/** Spec 1 section 5 and spec 2: a file is recognised as an image by png, jpeg, jpg, gif, bmp. */
export const isImageName = (name: string) => /\.(png|jpe?g|gif|bmp)$/i.test(name);

/**
 * Spec 1 section 5: the drive's and the chat's viewer renders pdf, png, jpg, gif, jpeg; the drive
 * also shows plain text (its beginning, as text, never as markup); everything else is unsupported.
 */
export const previewKind = (name: string): "pdf" | "image" | "text" | null =>
  /\.pdf$/i.test(name) ? "pdf" : /\.(png|jpe?g|gif)$/i.test(name) ? "image" : /\.(txt|md|markdown|csv|tsv|json|log|xml|ya?ml|ini|conf)$/i.test(name) ? "text" : null;

/** Stored types a browser may show inline: PDFs and images, whose bytes were checked against the extension on upload. */
export const isInlineType = (mime: string) => /^(application\/pdf|image\/(png|jpeg|gif|bmp))$/.test(mime);
