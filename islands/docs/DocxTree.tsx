import { type MouseEvent, useState } from "react";
import { useT } from "../lib/ui/i18n";
import type { Heading } from "./DocxArticle";

interface Branch {
  heading: Heading;
  children: Branch[];
}

/** The headings nested by level: a heading holds the deeper ones that follow it, up to the next of its level or above. */
function nestHeadings(headings: Heading[]): Branch[] {
  const root: Branch[] = [];
  const stack: { level: number; children: Branch[] }[] = [{ level: -1, children: root }];
  for (const heading of headings) {
    while (stack.length > 1 && stack[stack.length - 1]!.level >= heading.level) stack.pop();
    const branch = { heading, children: [] };
    stack[stack.length - 1]!.children.push(branch);
    stack.push({ level: heading.level, children: branch.children });
  }
  return root;
}

function goTo(event: MouseEvent, heading: HTMLElement) {
  event.preventDefault();
  heading.tabIndex = -1;
  heading.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}

function Branches({ branches }: { branches: Branch[] }) {
  return (
    <ul>
      {branches.map(({ heading, children }) => (
        <li key={heading.element.id}>
          <a href={`#${heading.element.id}`} onClick={(event) => goTo(event, heading.element)}>
            {heading.text}
          </a>
          {children.length > 0 && <Branches branches={children} />}
        </li>
      ))}
    </ul>
  );
}

/** The document's structure beside its text: the headings as nested links that scroll to them; folded at first on a phone. */
export function DocxTree({ headings }: { headings: Heading[] }) {
  const { t } = useT();
  const [open, setOpen] = useState(() => !matchMedia("(max-width: 600px)").matches);
  return (
    <details className="docx__tree" data-docx-tree open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("docs.view.structure")}</summary>
      <nav aria-label={t("docs.view.structure")}>
        <Branches branches={nestHeadings(headings)} />
      </nav>
      <p className="docv-message" data-no-headings hidden={headings.length > 0}>
        {t("docs.view.noHeadings")}
      </p>
    </details>
  );
}
