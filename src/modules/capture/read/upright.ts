// A page scanned upside down (fed the wrong way into the scanner) or sideways with nothing saying so
// (a scanner's PDF has no EXIF orientation; a photo re-saved loses its own) reads by OCR as junk:
// upside down, a few words in a hundred are read with confidence; sideways, tesseract.js reads
// junk and the native engine reads the words standing on end, their boxes taller than wide, which
// extraction cannot lay out in lines. Such a page is read again turned, and the turn that reads
// best is kept: the page's words, its size and the image a person is shown are the turned page's.
//
// Bounded: a page is read turned only when its first read is poor or on end; the turn found for
// one page is tried first for the next (a batch scanned upside down is all upside down); and a file
// spends at most TRIES reads on pages no turn reads well (the reads that found a page's turn are not
// counted), so a file of genuinely poor scans costs its pages' reads plus three, not four times
// its pages.
import type { PageWord, Turn } from '../../../lib/capture-shapes.ts';
import { turnPng } from './images.ts';
import type { Thresholding } from './ocr-engine.ts';

/** Fewer words than this say nothing about a page's orientation (a stamp, a logo, a blank scan). */
const MIN_WORDS = 20;
/** A page read upright has a third or more of its words read well; upside down, under a tenth. */
const POOR_SHARE = 0.2;
/** Reads a file may spend on turns that found nothing. */
const TRIES = 3;

/** Per file: the turn the last page needed, and the fruitless reads left. */
export interface TurnState {
  turn: Turn;
  triesLeft: number;
}

export function turnState(): TurnState {
  return { turn: 0, triesLeft: TRIES };
}

interface Quality {
  /** Words of three letters or more read with a confidence of 0.85 or more. */
  good: number;
  poor: boolean;
  /** Most words stand on end: the page lies on its side. */
  sideways: boolean;
}

function quality(words: readonly PageWord[]): Quality {
  let good = 0;
  let long = 0;
  let tall = 0;
  for (const w of words) {
    if (w.confidence >= 0.85 && /\p{L}{3}/u.test(w.text)) good++;
    if (w.text.length < 3) continue;
    long++;
    const [x0, y0, x1, y1] = w.bbox;
    if (y1 - y0 > 1.5 * (x1 - x0)) tall++;
  }
  return {
    good,
    poor: words.length >= MIN_WORDS && good < POOR_SHARE * words.length,
    sideways: long >= MIN_WORDS && tall >= 0.5 * long,
  };
}

/** What a read is worth to extraction: its good words, none when they stand on end. */
const worth = (q: Quality): number => (q.sideways ? 0 : q.good);

/** A read that beats another clearly (twice its worth and ten more), never by a hair. */
const clearlyBetter = (q: Quality, than: Quality): boolean => worth(q) >= 2 * worth(than) + 10;

const turnBy = (a: Turn, b: Turn): Turn => ((a + b) % 360) as Turn;

/** The size of an image turned `turn` degrees. */
export function turnedSize(
  size: { width: number; height: number },
  turn: Turn,
): { width: number; height: number } {
  return turn === 90 || turn === 270
    ? { width: size.height, height: size.width }
    : { width: size.width, height: size.height };
}

/**
 * One page's words read upright: `read` is OCR of a PNG of the given size (null when the page's time
 * ran out), called on the image as given turned by `state.turn`; if that read found next to nothing
 * (fewer than MIN_WORDS words), read again made black and white by Otsu's threshold rather than
 * Sauvola's (ocr-engine.ts); then, if the read is poor or on end, on the other turns until one
 * reads well. Every read after the first spends the file's tries (the ones that win give theirs
 * back). Returns the best read and its turn (degrees clockwise from the image as given), or null
 * when even the first read ran out of time.
 */
export async function readUpright(
  png: Uint8Array,
  size: { width: number; height: number },
  state: TurnState,
  read: (
    png: Uint8Array,
    size: { width: number; height: number },
    thresholding: Thresholding,
  ) => Promise<PageWord[] | null>,
): Promise<{ words: PageWord[]; turn: Turn } | null> {
  const readAt = async (turn: Turn, thresholding: Thresholding) =>
    read(turn === 0 ? png : await turnPng(png, turn), turnedSize(size, turn), thresholding);
  const first = await readAt(state.turn, 'sauvola');
  if (first === null) return null;
  let best = { words: first, turn: state.turn, q: quality(first), thresholding: 'sauvola' as Thresholding };
  if (first.length < MIN_WORDS && state.triesLeft > 0) {
    const words = await readAt(state.turn, 'otsu');
    if (words === null) return best;
    const q = quality(words);
    // clearly more read, as for a turn: a blank page or a stamp stays as Sauvola read it
    if (clearlyBetter(q, best.q)) best = { words, turn: state.turn, q, thresholding: 'otsu' };
    else state.triesLeft--;
  }
  if (!best.q.poor && !best.q.sideways) return best;
  // on end: a quarter turn one way or the other; else most likely upside down
  const order: Turn[] = best.q.sideways ? [270, 90, 180] : [180, 90, 270];
  let spent = 0;
  for (const by of order) {
    if (state.triesLeft === 0) break;
    state.triesLeft--;
    spent++;
    const turn = turnBy(state.turn, by);
    const words = await readAt(turn, best.thresholding);
    if (words === null) break;
    const q = quality(words);
    // a turn wins only clearly: a poor page upright stays as it was read
    if (clearlyBetter(q, best.q)) best = { words, turn, q, thresholding: best.thresholding };
    if (!best.q.poor && !best.q.sideways) {
      state.triesLeft += spent; // the reads that found the page's turn were not fruitless
      break;
    }
  }
  state.turn = best.turn;
  return best;
}
