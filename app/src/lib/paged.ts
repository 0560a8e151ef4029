import { useCallback, useEffect, useState } from 'react';

/** One page of a list, as every list operation of the API answers it. */
interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * A cursor-paged list: the first page on load, `more()` appends the next (cursor verbatim).
 * `load(cursor)` reads the page after `cursor` (undefined: the first), through the typed client:
 * `usePaged((cursor) => docex.GET('/v1/keys', { params: { query: { limit: 50, cursor } } }), [])`.
 * The list loads again from the start when `deps` change.
 */
export function usePaged<T>(
  load: (cursor: string | undefined) => Promise<Page<T>>,
  deps: readonly unknown[],
) {
  const [rows, setRows] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [moreShown, setMoreShown] = useState(false);
  const [error, setError] = useState<unknown>();
  const fetchPage = useCallback(
    async (from: string | null, replace: boolean) => {
      setBusy(true);
      try {
        const page = await load(from ?? undefined);
        setRows((prev) => (replace ? page.data : [...prev, ...page.data]));
        setMoreShown(!replace);
        setCursor(page.next_cursor);
        setHasMore(page.has_more && page.next_cursor !== null);
        setError(undefined);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
        setLoaded(true);
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load.
    deps,
  );
  useEffect(() => {
    void fetchPage(null, true);
  }, [fetchPage]);
  return {
    rows,
    hasMore,
    busy,
    loaded,
    /** Whether pages after the first are shown (a reload from the start would fold them away). */
    moreShown,
    error,
    more: () => fetchPage(cursor, false),
    reload: () => fetchPage(null, true),
    replace: (fn: (rows: T[]) => T[]) => setRows(fn),
  };
}
