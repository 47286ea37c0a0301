import { afterAll, beforeAll } from "bun:test";
import type { Browser } from "playwright-core";
import { apiCall, apiSignIn, launchBrowser, type Plexus, startPlexus } from "./setup";

export type Person = Awaited<ReturnType<Plexus["newUser"]>>;

export const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

/**
 * The task files' server and browser (started in a beforeAll that waits `timeout` at most, closed after), the
 * administrator's cookie, and the people and projects their tests set up through the API.
 */
export function taskSuite(timeout: number) {
  let started: { plexus: Plexus; browser: Browser; adminCookie: string } | undefined;
  const running = () => {
    if (!started) throw new Error("taskSuite: the server is there only once its beforeAll has run");
    return started;
  };
  beforeAll(async () => {
    const [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
    started = { plexus, browser, adminCookie: await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password) };
  }, timeout);
  afterAll(async () => {
    await started?.browser.close();
    await started?.plexus.stop();
  });
  const call = <T = any>(cookie: string, method: string, path: string, body?: unknown) => apiCall<T>(running().plexus.url, cookie, method, path, body);
  /** A new USER, signed in. */
  async function person(): Promise<{ user: Person; cookie: string }> {
    const user = await running().plexus.newUser();
    return { user, cookie: await apiSignIn(running().plexus.url, user.login, user.password) };
  }
  /** A project with `members` (the first a moderator) and its id. */
  async function project(name: string, members: Person[]): Promise<number> {
    const id = (await call(running().adminCookie, "POST", "/project/create", { name })).id as number;
    for (const [i, member] of members.entries()) {
      await call(running().adminCookie, "POST", "/project/add-user-project", { user: { id: member.id }, project: { id }, moderator: i === 0 });
    }
    return id;
  }
  return {
    get plexus() {
      return running().plexus;
    },
    get browser() {
      return running().browser;
    },
    get adminCookie() {
      return running().adminCookie;
    },
    call,
    person,
    project,
    /** A project whose moderator is a new user: that user, signed in, and the project's id. */
    async lead(name: string) {
      const lead = await person();
      return { ...lead, projectId: await project(name, [lead.user]) };
    },
  };
}
