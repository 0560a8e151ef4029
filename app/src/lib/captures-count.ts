// How many captured invoices wait for a person (CONTRACT 13), for the menu's "To review" entry: one
// small read of the list (`GET /v1/captures?status=needs_review`, one page of COUNT_LIMIT), never a
// walk through every page: past that many the menu says "25+". Read when the app opens, when the
// list of captures is opened, and when a review confirms or rejects one (capturesChanged).
import { useEffect, useState } from 'react';
import { docex, isEndedRequest } from '../api/client';

export const COUNT_LIMIT = 25;

const listeners = new Set<() => void>();

/** A capture left review (confirmed or rejected) or the list was read: the menu's count reads again. */
export function capturesChanged(): void {
  for (const fn of listeners) fn();
}

/** The menu's count: a number, "25+" past one page, or null before the first answer (or without one). */
export function useToReviewCount(enabled: boolean): string | null {
  const [count, setCount] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    let generation = 0;
    const read = async () => {
      const mine = ++generation;
      try {
        const page = await docex.GET('/v1/captures', {
          params: { query: { status: 'needs_review', limit: COUNT_LIMIT } },
        });
        if (alive && mine === generation)
          setCount(page.has_more ? `${COUNT_LIMIT}+` : String(page.data.length));
      } catch (err) {
        // The count is a hint beside a link: without it the link still leads to the list.
        if (!isEndedRequest(err) && alive && mine === generation) setCount(null);
      }
    };
    listeners.add(read);
    void read();
    return () => {
      alive = false;
      listeners.delete(read);
    };
  }, [enabled]);
  return count;
}
