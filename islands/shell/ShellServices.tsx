import { useEffect } from "react";
import { CURRENT_USER_KEY } from "../lib/api";
import { live } from "../lib/live";
import { openSearch } from "../search/store";

/**
 * What every signed-in page runs and nobody sees: who is signed in (for the API client's 401
 * handling), the live connection, and the search sheet by Ctrl+S, by the key's place (any layout);
 * the words of a search hit highlighted on the page it opened (find-on-open); the shell's search buttons and chat entries are islands of their own. Renders nothing.
 */
export default function ShellServices({ me }: { me: { id: number; login: string; firstName: string; lastName: string; role: string } }) {
  useEffect(() => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(me));
    const key = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.code === "KeyS") {
        event.preventDefault();
        openSearch();
      }
    };
    document.addEventListener("keydown", key);
    live.start();
    // Only a search hit's link asks for its words to be found: the finder comes then, not with every page.
    if (location.hash.includes("hl=")) void import("../lib/find-on-open").then(({ findOnOpen }) => findOnOpen());
    return () => document.removeEventListener("keydown", key);
  }, []);
  return null;
}
