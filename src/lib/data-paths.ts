/**
 * Where a data item's pages are: the one builder for the pages, the islands and the chat (no
 * database code here, so the browser can import it).
 */
import type { DataType } from "../../db/schema";

/** The path segment of a data type: its name lowercased, MODBUS_UNIT as the spec's modbus-unit. */
const typeSlug = (type: DataType) => type.toLowerCase().replace(/_/g, "-");

/** The data list of one type in a project. */
export const dataListPath = (projectId: number, type: DataType) => `/project/${projectId}/${typeSlug(type)}`;

/** One data item's page. */
export const dataItemPath = (projectId: number, type: DataType, id: number) => `${dataListPath(projectId, type)}/${id}`;
