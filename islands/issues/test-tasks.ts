import type { Issue, IssueSummary } from "./types";

// Tasks as the server answers them, for the stores' and components' tests: open, overdue, reported by Ada.

export const summary = (id: number, extra: Partial<IssueSummary> = {}): IssueSummary => ({
  id,
  name: `Task ${id}`,
  status: "OPEN",
  statusId: 1,
  dueDate: "2020-01-01T00:00:00.000Z",
  overdue: true,
  additionalFields: null,
  performer: null,
  reporter: { id: 5, firstName: "Ada", lastName: "Byron" },
  categoryList: [],
  template: null,
  project: { id: 3 },
  creationDate: "2019-12-01T00:00:00.000Z",
  ...extra,
});

export const full = (id: number, extra: Partial<Issue> = {}): Issue => ({
  ...summary(id),
  description: "",
  descriptionHtml: "",
  template: null,
  additionalFields: null,
  layerPoi: null,
  layer: null,
  sys: null,
  map: null,
  coordinates: null,
  project: { id: 3, name: "Quay" },
  chat: { id: 70 },
  canEdit: true,
  canRemove: true,
  ...extra,
});
