import { useEffect, useState } from "react";
import { hasRank } from "../../src/lib/roles";
import { call, server } from "../lib/server";

/** The signed-in user's role, asked once per page. */
let role: Promise<string | undefined> | undefined;
const myRole = () => (role ??= call(server.users["get-user"].get()).then((me) => me.role.groupName, () => undefined));

/**
 * Whether the signed-in user is an administrator (false on the server and until the answer comes): it only shows
 * or hides controls, the server decides every call.
 */
export function useIsAdmin(): boolean {
  const [admin, setAdmin] = useState(false);
  useEffect(() => void myRole().then((found) => setAdmin(hasRank(found, "ADMIN"))), []);
  return admin;
}
