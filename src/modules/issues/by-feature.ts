import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { issues, type User } from "../../../db/schema";
import { categoryLimits } from "../projects/policy";
import { reachableIssues } from "./policy";

/** A task as a map object's card lists it. */
export interface FeatureIssue {
  id: number;
  name: string;
  status: string;
}

/**
 * The tasks of project `projectId` placed on feature `sys` of layer `layerId` (a point of interest's id is both its
 * `layerPoi` and its `sys`), that the actor may read: the category rule of tasks applies. The caller checked membership.
 */
export function issuesOfFeature(db: Db, actor: User, projectId: number, layerId: number, sys: string): FeatureIssue[] {
  const onFeature = or(eq(issues.layerPoi, sys), and(eq(issues.layerId, layerId), eq(issues.sys, sys)));
  return db
    .select({ id: issues.id, name: issues.name, status: issues.status })
    .from(issues)
    .where(and(eq(issues.projectId, projectId), onFeature, reachableIssues(categoryLimits(db, actor), actor, projectId)))
    .orderBy(asc(issues.id))
    .all();
}
