import { AppError } from "./errors";

/** Who a job is for: a user id, or a job kind for work nobody waits on. */
export type Owner = string | number;

export interface FairShareOptions {
  /** Jobs running at once (threads). */
  slots: number;
  /** Jobs one owner may have running at once; below `slots`, so a free thread is always left for someone else's first job. */
  runningPerOwner: number;
  /** Jobs one owner may have running and waiting together; past it their next job is refused with 429 too_many_jobs. */
  perOwner: number;
  /** Jobs waiting from all owners together; past it a job is refused with `busy` (the server as a whole is full). */
  waiting: number;
  busy: () => AppError;
}

interface Waiter {
  grant: () => void;
}

interface Account {
  running: number;
  queue: Waiter[];
}

/** The rejection of a job whose requester went away before it started: it never runs. */
export const requestAborted = () => new AppError(400, "request_aborted", "The request was closed before its job started");

const tooMany = () => new AppError(429, "too_many_jobs", "You have too many jobs running or waiting; wait for them to finish and try again");

/**
 * Hands out a pool's slots fairly: each owner has their own queue and the owners with waiting jobs are
 * served round-robin, one owner never holds more than `runningPerOwner` slots, and a job whose signal
 * aborts while it waits is dropped from its queue. So one owner's backlog never delays another's first job.
 */
export class FairShare {
  private running = 0;
  private waitingCount = 0;
  private readonly accounts = new Map<Owner, Account>();
  /** Owners with waiting jobs, in the order they are served next. */
  private readonly turns: Owner[] = [];

  constructor(private readonly options: FairShareOptions) {}

  /**
   * Waits for a slot for `owner` and resolves with its release (call it once, when the job is over).
   * Rejects with 429 too_many_jobs past the owner's share, `busy` when everyone's queue is full, and
   * requestAborted when `signal` aborts first.
   */
  acquire(owner: Owner, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(requestAborted());
    const account = this.accounts.get(owner) ?? { running: 0, queue: [] };
    if (account.running + account.queue.length >= this.options.perOwner) return Promise.reject(tooMany());
    this.accounts.set(owner, account);
    if (this.running < this.options.slots && account.running < this.options.runningPerOwner) {
      this.start(account);
      return Promise.resolve(this.releaser(owner, account));
    }
    if (this.waitingCount >= this.options.waiting) {
      this.forget(owner, account);
      return Promise.reject(this.options.busy());
    }
    return new Promise((resolve, reject) => {
      const drop = () => {
        const at = account.queue.indexOf(waiter);
        if (at < 0) return;
        account.queue.splice(at, 1);
        this.waitingCount--;
        if (account.queue.length === 0) this.turns.splice(this.turns.indexOf(owner), 1);
        this.forget(owner, account);
        reject(requestAborted());
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener("abort", drop);
          resolve(this.releaser(owner, account));
        },
      };
      signal?.addEventListener("abort", drop, { once: true });
      if (account.queue.length === 0) this.turns.push(owner);
      account.queue.push(waiter);
      this.waitingCount++;
    });
  }

  private start(account: Account) {
    this.running++;
    account.running++;
  }

  private releaser(owner: Owner, account: Account) {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      account.running--;
      this.forget(owner, account);
      this.next();
    };
  }

  /** Starts waiting jobs while slots are free: the first owner in turn who may run another goes, then to the back of the line. */
  private next() {
    for (let i = 0; i < this.turns.length && this.running < this.options.slots; ) {
      const owner = this.turns[i];
      const account = this.accounts.get(owner)!;
      if (account.running >= this.options.runningPerOwner) {
        i++;
        continue;
      }
      const waiter = account.queue.shift()!;
      this.waitingCount--;
      this.turns.splice(i, 1);
      if (account.queue.length > 0) this.turns.push(owner);
      this.start(account);
      waiter.grant();
    }
  }

  private forget(owner: Owner, account: Account) {
    if (account.running === 0 && account.queue.length === 0) this.accounts.delete(owner);
  }
}
