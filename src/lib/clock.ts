// The one clock. Every business rule (expiry, grace windows, retention, retries, schedules)
// reads `clock.now()`, so the test clock moves all of them at once. SQL never calls now().
export interface Clock {
  now(): Date;
  /** Moves a test clock forward; throws on a real clock. */
  advanceTo(at: Date): Date;
  readonly adjustable: boolean;
}

export function systemClock(): Clock {
  return {
    now: () => new Date(),
    advanceTo: () => {
      throw new Error('the system clock cannot be moved');
    },
    adjustable: false,
  };
}

/** A clock that runs with real time plus an offset that only grows (CONTRACT 0: only forward). */
export function offsetClock(initialOffsetMs = 0): Clock & { offsetMs(): number } {
  let offset = initialOffsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    advanceTo(at: Date): Date {
      // One reading of real time: reading it again could return a millisecond past `at` (seen as a
      // flaky keys test on a loaded machine).
      const real = Date.now();
      const current = real + offset;
      if (at.getTime() > current) offset += at.getTime() - current;
      return new Date(real + offset);
    },
    offsetMs: () => offset,
    adjustable: true,
  };
}

export function addSeconds(d: Date, seconds: number): Date {
  return new Date(d.getTime() + seconds * 1000);
}

/** ISO 8601 with milliseconds, always UTC (the shape every timestamp in the API takes). */
export function iso(d: Date): string {
  return d.toISOString();
}

export function isoOrNull(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** YYYY-MM-DD of the given instant in UTC. */
export function utcDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
