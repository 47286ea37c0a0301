import { describe, expect, test } from "bun:test";
import type { User } from "../../db/schema";
import { pageAccess } from "./page-access";

const as = (role: User["role"]) => ({ id: 1, role }) as User;

describe("page access classes", () => {
  test("signed-out-only pages send a signed-in user home", () => {
    for (const path of ["/login", "/registration", "/reset-password", "/new-password"]) {
      expect(pageAccess(path, "", null)).toEqual({ allow: true });
      expect(pageAccess(path, "", as("USER"))).toEqual({ redirect: "/" });
    }
  });

  test("protected pages send a signed-out visitor to /login, remembering where to return", () => {
    expect(pageAccess("/", "", null)).toEqual({ redirect: "/login" });
    expect(pageAccess("/profile", "?tab=1", null)).toEqual({ redirect: "/login?next=%2Fprofile%3Ftab%3D1" });
    expect(pageAccess("/profile", "", as("USER"))).toEqual({ allow: true });
  });

  test("a request path that would read as another host is not remembered as next", () => {
    for (const path of ["//evil.test", "//evil.test/phish", "/\\evil.test"]) {
      expect(pageAccess(path, "", null)).toEqual({ redirect: "/login" });
    }
    expect(pageAccess("/drive/x", "?a=1#b", null)).toEqual({ redirect: "/login?next=%2Fdrive%2Fx%3Fa%3D1%23b" });
  });

  test("public pages need nobody", () => {
    expect(pageAccess("/public-data/7", "", null)).toEqual({ allow: true });
    expect(pageAccess("/shared-file/abc", "", null)).toEqual({ allow: true });
  });

  test("administration needs its rank", () => {
    expect(pageAccess("/admin/users", "", as("MODERATOR"))).toEqual({ redirect: "/no-rights" });
    expect(pageAccess("/admin/users", "", as("ADMIN"))).toEqual({ allow: true });
    expect(pageAccess("/admin/settings", "", as("ADMIN"))).toEqual({ redirect: "/no-rights" });
    expect(pageAccess("/admin/settings", "", as("SYSTEM_ADMIN"))).toEqual({ allow: true });
  });
});
