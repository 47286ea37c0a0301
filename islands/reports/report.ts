import { server } from "../lib/server";
import type { Wire } from "../../src/lib/responses";
import type { PresentedReport } from "../../src/modules/reports/presenter";

/** A report as report/get and report/save answer it. */
export type Report = Wire<PresentedReport>;

/**
 * report/get/:id. Eden takes a path segment named like a method ("get") for the method itself, so
 * `server.report.get({ id })` would ask GET /report; the id is put in as a segment by name instead,
 * keeping the route's type.
 */
export const reportRoute = (id: number, client = server) =>
  (client.report.get as unknown as Record<string, ReturnType<typeof client.report.get>>)[String(id)]!;
