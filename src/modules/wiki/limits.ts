/** A wiki article's limits, for the model, the service and the editor's form. */
export const WIKI_LIMITS = {
  /** The title after trimming. */
  title: 255,
  /** A version's change summary, after trimming. */
  summary: 200,
  /** A picture's bytes. */
  pictureBytes: 10 * 1024 * 1024,
  /** How long a picture no saved article shows is kept for its uploader's unsaved edit. */
  unclaimedPictureMs: 24 * 60 * 60_000,
  /** The editor's HTML as sent, before sanitising. */
  content: 500_000,
  /** The parent picker's title filter. */
  filter: 200,
  /** How many candidates the parent picker lists at most. */
  candidates: 50,
} as const;
