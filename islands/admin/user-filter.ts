/** What the users filter searches in: login, name and e-mail, compared without case. */
export const searchTextOf = (user: { login: string; firstName: string; lastName: string; email: string }) =>
  `${user.login} ${user.firstName} ${user.lastName} ${user.email}`.toLocaleLowerCase();

/** True when every word typed occurs in the user's search text; nothing typed matches everyone. */
export function matchesFilter(searchText: string, typed: string): boolean {
  const words = typed.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => searchText.includes(word));
}
