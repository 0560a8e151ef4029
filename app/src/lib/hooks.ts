import { useCallback, useEffect, useRef, useState } from 'react';
import { isEndedRequest } from '../api/client';

export interface Async<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): Promise<void>;
  set(data: T): void;
}

/** Loads with `fn` whenever `deps` change; `reload` loads again without blanking the page. */
export function useAsync<T>(fn: () => Promise<T>, deps: readonly unknown[]): Async<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const load = useCallback(
    async () => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const value = await fn();
        if (mine === generation.current) {
          setData(value);
          setError(undefined);
        }
      } catch (err) {
        // Ended at sign-out: the page is going away, with nothing to say.
        if (isEndedRequest(err)) return;
        if (mine === generation.current) setError(err);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load.
    deps,
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { data, error, loading, reload: load, set: setData };
}

/** Calls `fn` every `ms` while `active`; stops on unmount. */
export function useInterval(fn: () => void, ms: number, active: boolean): void {
  const saved = useRef(fn);
  saved.current = fn;
  useEffect(() => {
    if (!active) return;
    const t = window.setInterval(() => saved.current(), ms);
    return () => window.clearInterval(t);
  }, [ms, active]);
}

/** Runs an action once at a time, keeping its error for display. */
export function useAction(): {
  busy: boolean;
  error: unknown;
  run<T>(fn: () => Promise<T>): Promise<T | undefined>;
  clear(): void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async <T>(fn: () => Promise<T>) => {
    setBusy(true);
    setError(undefined);
    try {
      return await fn();
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(undefined) };
}
