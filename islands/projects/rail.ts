import { colorFromName } from "../../src/lib/colors";

/** Keeps the navigation rail's favourite avatars in step with a star toggled on this page. */
export function setRailFavorite(id: number, name: string, on: boolean) {
  const group = document.querySelector<HTMLElement>("[data-rail-favorites]");
  if (!group) return;
  group.querySelector(`[data-fav-id="${id}"]`)?.remove();
  if (!on) return;
  const link = document.createElement("a");
  link.href = `/project/${id}/home`;
  link.title = name;
  link.setAttribute("aria-label", name);
  link.dataset.favId = String(id);
  link.dataset.favName = name.toLocaleLowerCase();
  const avatar = document.createElement("span");
  avatar.className = "avatar";
  avatar.style.background = colorFromName(name);
  avatar.textContent = firstLetter(name);
  link.append(avatar);
  const next = [...group.querySelectorAll<HTMLElement>("[data-fav-id]")].find((a) => a.dataset.favName! > link.dataset.favName!);
  group.insertBefore(link, next ?? null);
}

const firstLetter = (name: string) => (name.trim()[0] ?? "?").toLocaleUpperCase();
