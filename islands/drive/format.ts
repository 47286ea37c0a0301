/** The drive's file types, and "other" for a zip-typed file that is not an archive (spec: anything else counts as zip). */
export type IconKey = "doc" | "jpg" | "pdf" | "png" | "ppt" | "txt" | "xls" | "zip" | "other";

/** Which icon a file gets: its type, except that only real archives show the archive icon. */
export const iconKey = (file: { name: string; type: string }): IconKey =>
  file.type === "zip" && !/\.zip$/i.test(file.name) ? "other" : (file.type as IconKey);
