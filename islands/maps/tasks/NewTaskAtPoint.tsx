import { useEffect, useState } from "react";
import issueStyles from "../../issues/issues.css?inline";
import { CreateTaskDialog, type TaskChoices } from "../../issues/CreateTaskDialog";
import { reportFailure } from "../../lib/failures";
import { call, server } from "../../lib/server";
import { adoptStyles } from "../../lib/styles";

// This module comes when someone first makes a task from a map's menu: the task dialog and its styles come with it.
adoptStyles(issueStyles);

/** What the task dialog offers, as the task pages offer it: active members, categories but the default ones, the templates. */
async function choicesFor(projectId: number): Promise<TaskChoices> {
  const [members, categories, templates] = await Promise.all([
    call(server.project["get-users-by-project"].get({ query: { id: projectId } })),
    call(server.category["get-all-for-project"].get({ query: { id: projectId } })),
    call(server["issue-template"]["get-all"].get({ query: { projectId } })),
  ]);
  return {
    members: members.filter((m) => m.user.isActive).map(({ user }) => ({ id: user.id, firstName: user.firstName, lastName: user.lastName })),
    categories: categories.filter((c) => !c.isDefault).map((c) => ({ id: c.id, name: c.name, type: c.type })),
    templates,
  };
}

interface Props {
  projectId: number;
  mapId: number;
  lonLat: [number, number];
  onDone: (made: boolean) => void;
}

/** The map menu's 'create task' (spec 3): the task dialog for the project, the task placed at the point on this map. */
export default function NewTaskAtPoint({ projectId, mapId, lonLat, onDone }: Props) {
  const [choices, setChoices] = useState<TaskChoices>();
  useEffect(() => {
    choicesFor(projectId).then(setChoices, (error) => {
      reportFailure(error);
      onDone(false);
    });
  }, [projectId]);
  if (!choices) return null;
  return <CreateTaskDialog projectId={projectId} choices={choices} place={{ mapId, lonLat }} onCreated={() => onDone(true)} onClose={() => onDone(false)} />;
}
