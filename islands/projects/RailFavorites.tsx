import { useSignals } from "@preact/signals-react/runtime";
import { colorFromName } from "../../src/lib/colors";
import { type Favorite, toggled, withToggles } from "./favorites";

const firstLetter = (name: string) => (name.trim()[0] ?? "?").toLocaleUpperCase();

/** The rail's favourite projects, an avatar each; a star toggled on the page shows here at once. */
export default function RailFavorites({ initial, label, currentPath }: { initial: Favorite[]; label: string; currentPath: string }) {
  useSignals();
  return (
    <div className="rail__favorites" role="group" aria-label={label} data-rail-favorites>
      {withToggles(initial, toggled.value).map((project) => (
        <a
          key={project.id}
          href={`/project/${project.id}/home`}
          title={project.name}
          aria-label={project.name}
          data-fav-id={project.id}
          aria-current={currentPath.startsWith(`/project/${project.id}/`) ? "page" : undefined}
        >
          <span className="avatar" style={{ background: colorFromName(project.name) }}>
            {firstLetter(project.name)}
          </span>
        </a>
      ))}
    </div>
  );
}
