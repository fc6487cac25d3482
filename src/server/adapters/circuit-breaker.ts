// One shared pause for an outside service (docs/security.md): after a call
// fails in a way that says the service is away (a timeout, a network error, a
// 5xx: `isOutage`), every call fails at once for `pauseMs` without reaching
// it, so requests are not tied up waiting for it, and it is left alone while
// it recovers. When the pause is over, one call goes through as a trial while
// the others keep failing at once: an answer (any that is not an outage)
// ends the pause, an outage starts another. Per process: each server finds
// out about the service on its own.

/** A call refused or failed because the service is away; `retryAfterMs` is what is left of the pause. */
export class ServiceAwayError extends Error {
  constructor(
    readonly retryAfterMs: number,
    /** False when the call was refused during the pause, without reaching the service. */
    readonly reachedService: boolean,
    cause?: unknown,
  ) {
    super(reachedService ? 'the service did not answer' : 'the service is paused after a failure', {
      cause,
    });
    this.name = 'ServiceAwayError';
  }
}

export type CircuitBreakerOptions = {
  /** True for a failure that means the service is away, false for an answer (a 4xx, an unknown id). */
  isOutage: (error: unknown) => boolean;
  pauseMs?: number;
  /** Milliseconds; the app clock in the app, so tests can move it. */
  now?: () => number;
};

const DEFAULT_PAUSE_MS = 30_000;

export class CircuitBreaker {
  /** When the pause ends; 0 while calls go through. A past time: the next call is the trial. */
  private pausedUntil = 0;
  private trialRunning = false;
  private readonly isOutage: (error: unknown) => boolean;
  private readonly pauseMs: number;
  private readonly now: () => number;

  constructor(options: CircuitBreakerOptions) {
    this.isOutage = options.isOutage;
    this.pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
    this.now = options.now ?? Date.now;
  }

  /** The answer of `call`, or ServiceAwayError at once during the pause, or after `call` failed with an outage. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    const left = this.pausedUntil - this.now();
    if (left > 0) throw new ServiceAwayError(left, false);
    const isTrial = this.pausedUntil !== 0;
    if (isTrial) {
      // Another call is the trial: until it ends this one waits no longer than it would in the pause.
      if (this.trialRunning) throw new ServiceAwayError(1000, false);
      this.trialRunning = true;
    }
    try {
      const answer = await call();
      this.pausedUntil = 0;
      return answer;
    } catch (error) {
      if (!this.isOutage(error)) {
        // The service answered, if only to refuse: it is there.
        this.pausedUntil = 0;
        throw error;
      }
      this.pausedUntil = this.now() + this.pauseMs;
      throw new ServiceAwayError(this.pauseMs, true, error);
    } finally {
      if (isTrial) this.trialRunning = false;
    }
  }
}
