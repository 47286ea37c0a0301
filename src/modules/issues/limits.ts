/** Tasks' limits, written once for the model, the services and the forms (no imports: islands may use them). */
export const ISSUE_LIMITS = {
  name: 255,
  /** The description's block JSON as text. */
  description: 200_000,
  /** Descriptions from this length on are built in the worker, not on the event loop. */
  descriptionOnLoop: 16_000,
  blocks: 1000,
  /** One block's text, a list's items, a table's cells. */
  blockText: 20_000,
  listItems: 500,
  listDepth: 5,
  tableCells: 2000,
  categories: 200,
  rowsPerPage: 100,
  criterion: 1000,
  /** The project home's list of the user's own open tasks. */
  shortList: 10,
  layerPoi: 255,
  sys: 255,
  coordinates: 1000,
  templateName: 255,
  templateIcon: 4096,
  templateFields: 50,
  fieldName: 100,
  fieldOptions: 2000,
  fieldValue: 10_000,
  /** A picture in a description (png, jpeg, gif, bmp). */
  pictureBytes: 10 * 1024 * 1024,
} as const;

/** The Editor.js version a new, empty description is written with (spec 2, "default block version"). */
export const DESCRIPTION_VERSION = "2.17.0";
