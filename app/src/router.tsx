// A small router over the History API for the app's few pages under /app.
import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

export const BASE = '/app';

const listeners = new Set<() => void>();
function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  window.addEventListener('popstate', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('popstate', fn);
  };
}

function snapshot(): string {
  return window.location.pathname + window.location.search;
}

/** The current location inside the app: '/documents?type=invoice' for /app/documents?type=invoice. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const full = useSyncExternalStore(subscribe, snapshot);
  const [pathname = '', query = ''] = full.split('?');
  let path = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  if (path === '' || path === '/') path = '/';
  else path = path.replace(/\/$/, '');
  return { path, search: new URLSearchParams(query) };
}

/** `state` travels with the history entry (read it with window.history.state on the new page). */
export function navigate(to: string, opts: { replace?: boolean; state?: unknown } = {}): void {
  const url = BASE + to;
  const state = opts.state ?? null;
  if (opts.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  for (const fn of listeners) fn();
}

/** Matches '/documents/:id' against a path; the params, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const v = b[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(v);
    else if (p !== v) return null;
  }
  return params;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={BASE + to} onClick={handle} {...rest} />;
}

/** Sets the document title and moves focus to the page's heading after a navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · docex`;
    // A page that has already put the focus somewhere in itself (a link to one field, such as
    // /connections/<id>#xp-address-city) keeps it: children's effects run before this one, so
    // focusing the heading here would take it away, and whether it did depended on timing.
    const active = document.activeElement;
    if (active && active !== document.body && document.querySelector('main')?.contains(active)) return;
    const h1 = document.querySelector<HTMLElement>('main h1');
    h1?.focus({ preventScroll: true });
  }, [title]);
}
