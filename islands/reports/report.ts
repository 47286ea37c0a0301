import { byId, server } from "../lib/server";
import type { Wire } from "../../src/lib/responses";
import type { PresentedReport } from "../../src/modules/reports/presenter";

/** A report as report/get and report/save answer it. */
export type Report = Wire<PresentedReport>;

/** report/get/:id, whose segment Eden would read as the method (lib/server.ts, byId). */
export const reportRoute = (id: number, client = server) => byId(client.report.get, id);
