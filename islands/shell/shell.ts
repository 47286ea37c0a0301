import { CURRENT_USER_KEY, signOutLocally } from "../lib/api";
import { call, server } from "../lib/server";
import { live } from "../lib/live";
import { openSearch } from "../search/store";
import { setLocale } from "./locale";

const DISCLAIMER_KEY = "plexus.disclaimerSeen";

/** Behaviour of the signed-in shell: menus, language, exit, the disclaimer and the live connection (the chat entries are islands/chat/ChatNav). */
export function startShell() {
  const me = document.getElementById("plexus-me")?.textContent;
  if (me) localStorage.setItem(CURRENT_USER_KEY, me);

  document.querySelectorAll<HTMLButtonElement>("[data-locale]").forEach((button) =>
    button.addEventListener("click", () => setLocale(button.dataset.locale!)),
  );
  document.querySelectorAll<HTMLButtonElement>("[data-logout]").forEach((button) =>
    button.addEventListener("click", async () => {
      live.stop();
      await call(server.logout.post(), { raw: true }).catch(() => undefined);
      signOutLocally();
    }),
  );

  // One open menu at a time; Escape or a click elsewhere closes it.
  const menus = [...document.querySelectorAll<HTMLDetailsElement>("details.menu")];
  const closeMenus = (except?: Element) => menus.forEach((m) => m !== except && m.removeAttribute("open"));
  menus.forEach((menu) => menu.addEventListener("toggle", () => menu.open && closeMenus(menu)));
  document.addEventListener("click", (event) => {
    if (!menus.some((m) => m.contains(event.target as Node))) closeMenus();
  });
  // The search sheet (islands/search) by Ctrl+S, by the key's place (any layout); the shell's buttons open it too.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeMenus();
    if (event.ctrlKey && event.code === "KeyS") {
      event.preventDefault();
      openSearch();
    }
  });

  const disclaimer = document.getElementById("disclaimer") as HTMLDialogElement | null;
  if (disclaimer && !localStorage.getItem(DISCLAIMER_KEY)) {
    disclaimer.addEventListener("close", () => localStorage.setItem(DISCLAIMER_KEY, "1"));
    disclaimer.showModal();
  }

  live.start();
}
