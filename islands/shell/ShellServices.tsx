import { useEffect } from "react";
import { startChatCore } from "../chat/core";
import { CURRENT_USER_KEY } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { live } from "../lib/live";

/** The search sheet, loaded on first use. */
const openSearch = () => import("../search/sheet").then((sheet) => sheet.openSearch()).catch(reportFailure);

/**
 * What every signed-in page runs and nobody sees: who is signed in (for the API client's 401
 * handling), the chat core and the live connection, and the search: the rail's and bottom bar's
 * buttons, and Ctrl+S by the key's place (any layout). Renders nothing.
 */
export default function ShellServices({ me }: { me: { id: number; login: string; firstName: string; lastName: string; role: string } }) {
  useEffect(() => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(me));
    const click = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("[data-search-open]")) openSearch();
    };
    const key = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.code === "KeyS") {
        event.preventDefault();
        openSearch();
      }
    };
    document.addEventListener("click", click);
    document.addEventListener("keydown", key);
    startChatCore();
    live.start();
  }, []);
  return null;
}
