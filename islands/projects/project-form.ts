import { ApiError } from "../lib/api";
import { t } from "../lib/i18n";
import { bindCounters, control, reportFailure, showFieldError } from "./ui";

/** What the project dialogs send: the fields of pages/_components/projects/ProjectFields.astro. */
export interface ProjectFields {
  name: string;
  description: string;
  category: string;
}

/**
 * A project's create or edit form: counters, Save only with a name (the spec's rule), and the
 * server's field complaints shown under their fields. `save` sends the fields and moves on.
 */
export function startProjectForm(form: HTMLFormElement, save: (fields: ProjectFields) => Promise<unknown>) {
  bindCounters(form);
  const name = control(form, "name");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const check = () => {
    submit.disabled = !name.value.trim();
    return !submit.disabled;
  };
  check();
  name.addEventListener("input", () => {
    check();
    showFieldError(form, "name", name.value.trim() ? null : t("project.nameRequired"));
  });
  form.addEventListener("reset", () => setTimeout(check));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!check()) return;
    submit.disabled = true;
    try {
      await save({ name: name.value, description: control<HTMLTextAreaElement>(form, "description").value, category: control(form, "category").value });
    } catch (error) {
      submit.disabled = false;
      if (error instanceof ApiError && error.details.length) {
        error.details.forEach((d) => showFieldError(form, d.path.replace(/^body\./, ""), d.message));
      } else reportFailure(error);
    }
  });
}
