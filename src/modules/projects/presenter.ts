import type { Project, User } from "../../../db/schema";
import type { Timeline } from "./model";

export function parseTimeline(text: string): Timeline {
  try {
    const parsed = JSON.parse(text);
    return { description: String(parsed.description ?? ""), steps: Array.isArray(parsed.steps) ? parsed.steps : [] };
  } catch {
    return { description: "", steps: [] };
  }
}

export const presentProject = (project: Project) => ({
  id: project.id,
  name: project.name,
  description: project.description,
  category: project.category,
  timeline: parseTimeline(project.timeline),
  createdAt: project.createdAt,
});

/** A member as the project users dialog shows them: no e-mail settings, no secrets. */
export const presentMember = (user: User) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  login: user.login,
  email: user.email,
  company: user.company,
  position: user.position,
  avatar: user.avatar,
  role: { groupName: user.role },
  isActive: user.isActive,
});
