import type { Db } from "../../db/client";
import type { Config } from "./config";
import type { Mailer } from "../modules/mail/service";
import type { Broker } from "../realtime/broker";
import type { FailureLimiter } from "../modules/auth/rate-limit";
import type { SecretBox } from "./secret-box";
import type { compareVersions } from "../modules/wiki/compare";
import type { Lifecycle } from "./lifecycle";

/** What every service may use besides its input: built once in createApp, handed down explicitly. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  live: Broker;
  /** Removals other features take part in (lifecycle.ts): they subscribe in createApp. */
  lifecycle: Lifecycle;
  /** Encrypts chat messages at rest. */
  box: SecretBox;
  limits: { login: FailureLimiter; loginByAddress: FailureLimiter; resetByAddress: FailureLimiter };
  /** The wiki's version compare, for its page: Astro bundles page code, where a worker's module URL would not resolve. */
  compareWiki: typeof compareVersions;
}
