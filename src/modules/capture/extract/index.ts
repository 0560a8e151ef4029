// PLACEHOLDER until cap-extract merges: extraction's entry points with their agreed signatures
// (docs: /work/wt/BRIEF-capture.md). cap-extract's index.ts replaces this file at merge; until then
// every call throws, and the confirmation's learning step (learn.ts) records that it learned
// nothing rather than failing the confirmation.
import type {
  CaptureFields,
  CaptureReceiver,
  Extraction,
  LearnedLayout,
  ReadFile,
} from '../../../lib/capture-shapes.ts';

const NOT_YET = 'capture extraction is not merged on this branch (cap-extract)';

export function extractFields(
  _file: ReadFile,
  _receiver: CaptureReceiver,
  _learned: LearnedLayout | null,
): Extraction {
  throw new Error(NOT_YET);
}

export function learnLayout(
  _file: ReadFile,
  _confirmed: CaptureFields,
  _previous: LearnedLayout | null,
): LearnedLayout {
  throw new Error(NOT_YET);
}

export function supplierKeysOf(_fields: CaptureFields): string[] {
  throw new Error(NOT_YET);
}
