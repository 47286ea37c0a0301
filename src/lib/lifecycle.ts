import type { Executor } from "../../db/client";
import type { User } from "../../db/schema";
import { log } from "./log";

/**
 * The named lifecycle events and what each carries. Each is emitted inside the transaction that makes the
 * change, before its rows go, so a subscriber still reads what is about to disappear.
 */
export interface LifecycleEvents {
  /** A project is deleted with all it holds. */
  projectRemoved: { projectId: number; actor: User };
  /** A user leaves a project (their membership is deleted). */
  memberRemoved: { projectId: number; userId: number; actor: User };
  /** An account is switched off, by an administrator or by the directory sync. */
  userDeactivated: { userId: number };
}
export type LifecycleEvent = keyof LifecycleEvents;

/**
 * A feature's part in an event: it runs in the emitter's transaction, so throwing rolls the whole change back;
 * what it returns runs once that transaction has committed (files, live messages).
 */
export type Subscriber<E extends LifecycleEvent> = (tx: Executor, event: LifecycleEvents[E]) => (() => void) | undefined;

/**
 * Lifecycle events: features subscribe once when the app is made (as the live channel's rules register with the
 * broker), and the feature that removes something emits, without knowing who cares.
 */
export class Lifecycle {
  #subscribers: { [E in LifecycleEvent]?: Subscriber<E>[] } = {};

  on<E extends LifecycleEvent>(event: E, subscriber: Subscriber<E>) {
    (this.#subscribers[event] ??= [] as Subscriber<E>[] & Subscriber<LifecycleEvent>[]).push(subscriber);
  }

  /**
   * Runs every subscriber of `event` in the order they subscribed, inside `tx`; answers what to run once `tx` has
   * committed. A failure there is logged and the rest still run: the change itself has happened.
   */
  emit<E extends LifecycleEvent>(tx: Executor, event: E, payload: LifecycleEvents[E]): () => void {
    const subscribers = (this.#subscribers[event] ?? []) as Subscriber<E>[];
    const after = subscribers.map((subscriber) => subscriber(tx, payload)).filter((then) => !!then);
    return () => {
      for (const then of after) {
        try {
          then();
        } catch (error) {
          log.error("lifecycle.after_commit_failed", { lifecycle: event, error: String(error) });
        }
      }
    };
  }
}
