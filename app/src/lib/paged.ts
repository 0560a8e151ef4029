import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { ListOf } from '../api/types';

/** A cursor-paged list: the first page on load, `more()` appends the next (cursor verbatim). */
export function usePaged<T>(
  path: string,
  query: Record<string, string | number | undefined> = {},
  deps: readonly unknown[] = [],
) {
  const [rows, setRows] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>();
  const q = JSON.stringify(query);
  const fetchPage = useCallback(
    async (from: string | null, replace: boolean) => {
      setBusy(true);
      try {
        const page = await api.get<ListOf<T>>(path, { ...JSON.parse(q), cursor: from });
        setRows((prev) => (replace ? page.data : [...prev, ...page.data]));
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
    [path, q, ...deps],
  );
  useEffect(() => {
    void fetchPage(null, true);
  }, [fetchPage]);
  return {
    rows,
    hasMore,
    busy,
    loaded,
    error,
    more: () => fetchPage(cursor, false),
    reload: () => fetchPage(null, true),
    replace: (fn: (rows: T[]) => T[]) => setRows(fn),
  };
}
