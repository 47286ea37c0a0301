import type { Role } from "../../src/lib/roles";

/** A user as /admin/users shows them: loaded and formatted by the page on the server, serialisable. */
export interface UserRow {
  id: number;
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  position: string | null;
  company: string | null;
  role: Role;
  isImportedFromAD: boolean;
  isActive: boolean;
  /** Activated once: switched off now means deactivated, not waiting. */
  wasActivated: boolean;
  registered: string;
  lastLogin: string;
  /** This administrator outranks the user: role, activation and sign-in link are theirs to change. */
  manageable: boolean;
  quota: { used: string; size: string; form?: { value: string; placeholder: string; max: number } };
}
