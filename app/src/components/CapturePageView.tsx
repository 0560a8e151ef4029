// One page of a captured file for review (CONTRACT 13, issue 51 item 5): its image as the API renders
// it, every field read on it drawn as a box (the field being edited highlighted, low confidence
// marked), and each word the reader found laid over the image as a button at its own box, so a
// click takes it as the value of the field being edited (Shift+click adds it after what is there).
// From the keyboard, "Pick from the page" on a field starts a pick: the words take the focus one at a
// time (arrow keys move, Enter takes, Escape cancels), so hundreds of words never fill the tab order.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Capture, CaptureFieldName, CapturePageWords } from '../api/captures';
import { capturePageHref, docex } from '../api/client';
import { FIELDS, fieldLabel } from '../lib/capture-fields';
import { useAsync } from '../lib/hooks';
import { ErrorAlert, Loading } from './ui';

type BBox = [number, number, number, number];

/** A box in the page's units as the overlay's percentages: the image scales, the boxes with it. */
function placed(bbox: readonly number[], width: number, height: number) {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = bbox;
  return {
    left: `${(x0 / width) * 100}%`,
    top: `${(y0 / height) * 100}%`,
    width: `${(Math.max(x1 - x0, 0) / width) * 100}%`,
    height: `${(Math.max(y1 - y0, 0) / height) * 100}%`,
  };
}

export interface PickState {
  /** The field a click on a word fills (the one last focused). */
  field: CaptureFieldName | null;
  /** A pick started from the keyboard: the words hold the focus until one is taken or Escape. */
  picking: boolean;
}

export function CapturePageView({
  capture,
  n,
  onPage,
  pick,
  onTake,
  onCancelPick,
}: {
  capture: Capture;
  n: number;
  onPage: (n: number) => void;
  pick: PickState;
  /** A word taken for the field: `append` when Shift was held (the value grows by it). */
  onTake: (text: string, append: boolean) => void;
  onCancelPick: () => void;
}) {
  const words = useAsync<CapturePageWords>(
    () =>
      docex.GET('/v1/captures/{id}/pages/{n}/words', {
        params: { path: { id: capture.id, n } },
      }),
    [capture.id, n],
  );
  const src = capturePageHref(capture.id, n);
  // Which image finished loading (or failed): a cached one may load before any effect could reset a flag.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const [current, setCurrent] = useState(0);
  const wordRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pages = capture.file.pages ?? 1;
  const page = words.data;

  // A new page: a pick starts at its first word.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the page changes.
  useEffect(() => {
    setCurrent(0);
  }, [capture.id, n]);

  // A keyboard pick puts the focus on a word: the one nearest the field's box, else the first.
  useEffect(() => {
    if (!pick.picking || !page || page.words.length === 0) return;
    const box = pick.field ? capture.fields[pick.field] : null;
    let start = 0;
    if (box && box.page === n) {
      const [bx = 0, by = 0] = box.bbox;
      let best = Number.POSITIVE_INFINITY;
      page.words.forEach((w, i) => {
        const d = Math.hypot((w.bbox[0] ?? 0) - bx, (w.bbox[1] ?? 0) - by);
        if (d < best) [best, start] = [d, i];
      });
    }
    setCurrent(start);
    wordRefs.current[start]?.focus();
  }, [pick.picking, pick.field, page, capture.fields, n]);

  const move = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const count = page?.words.length ?? 0;
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | null = null;
    if (e.key in step) next = (i + step[e.key]! + count) % count;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = count - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      onCancelPick();
      return;
    }
    if (next === null) return;
    e.preventDefault();
    setCurrent(next);
    wordRefs.current[next]?.focus();
  };

  const label = pick.field ? fieldLabel(pick.field) : null;
  const boxes = FIELDS.map((f) => ({ f, v: capture.fields[f.name] })).filter(
    (x): x is { f: (typeof FIELDS)[number]; v: NonNullable<typeof x.v> } => !!x.v && x.v.page === n,
  );

  return (
    <section className="capture-viewer" aria-label={`Page ${n} of ${pages}`}>
      {pages > 1 ? (
        <nav className="page-nav" aria-label="Pages">
          <button type="button" className="secondary" disabled={n <= 1} onClick={() => onPage(n - 1)}>
            Previous page
          </button>
          <span aria-live="polite">
            Page {n} of {pages}
          </span>
          <button type="button" className="secondary" disabled={n >= pages} onClick={() => onPage(n + 1)}>
            Next page
          </button>
        </nav>
      ) : null}
      <p className="muted small pick-hint" aria-live="polite" data-testid="pick-hint">
        {pick.picking && label
          ? `Picking a word for ${label}: arrow keys move between words, Enter takes one, Escape cancels.`
          : label
            ? `Click a word on the page to take it as ${label}; Shift+click adds it to what is there.`
            : 'Choose a field, then click a word on the page to take it as its value.'}
      </p>
      <ErrorAlert error={words.error} title="The words of this page" />
      {!page && !words.error ? <Loading what="the page" /> : null}
      {page ? (
        <div
          className={pick.picking ? 'capture-page picking' : 'capture-page'}
          data-testid="capture-page"
          style={{ aspectRatio: `${page.width} / ${page.height}` }}
        >
          <img
            src={src}
            alt={`Page ${n} of ${capture.file.filename}`}
            onLoad={() => setLoaded(src)}
            onError={() => setBroken(src)}
            data-loaded={loaded === src ? 'true' : 'false'}
          />
          <div className="capture-overlay">
            {boxes.map(({ f, v }) => (
              <div
                key={f.name}
                className="field-box"
                data-field={f.name}
                data-confidence={v.confidence}
                data-focused={pick.field === f.name ? 'true' : undefined}
                style={placed(v.bbox as BBox, page.width, page.height)}
                title={`${f.label}: ${v.text}`}
                aria-hidden="true"
              />
            ))}
            {page.words.map((w, i) => (
              <button
                // Words repeat ("EUR" twice): the position in the page is the identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: the words of a page never reorder.
                key={i}
                ref={(el) => {
                  wordRefs.current[i] = el;
                }}
                type="button"
                className="word"
                tabIndex={pick.picking && i === current ? 0 : -1}
                style={placed(w.bbox, page.width, page.height)}
                onClick={(e) => onTake(w.text, e.shiftKey)}
                onKeyDown={(e) => move(e, i)}
                data-word={w.text}
              >
                {w.text}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {broken === src ? (
        <p className="alert alert-error" role="alert">
          The page's image could not be shown; its words are still there to pick.
        </p>
      ) : null}
    </section>
  );
}
