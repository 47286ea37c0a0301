/**
 * What the project home's two islands share: the header's menu (ProjectActions) opens the category
 * dialog that the category list (CategoryList) owns.
 */
import { signal } from "@preact/signals-react";

/** A category as the project home lists it. */
export interface ListedCategory {
  id: number;
  name: string;
  type: string | null;
  /** Sanitised HTML, as the server stores it. */
  description: string;
  /** Its data items. */
  size: number;
}

/** The category dialog: a new category (no category) or one being edited; null while closed. */
export const categoryForm = signal<{ category?: ListedCategory } | null>(null);
