// PLACEHOLDER until cap-extract merges: the signatures the capture resource calls
// (BRIEF-capture.md); cap-extract's file replaces this one whole. Nothing may depend on these
// bodies, no test included.
import type {
  CaptureFields,
  CaptureReceiver,
  Extraction,
  LearnedLayout,
  ReadFile,
} from '../../../lib/capture-shapes.ts';
import { ApiError } from '../../../lib/errors.ts';

// PLACEHOLDER until cap-extract merges
export function extractFields(
  _file: ReadFile,
  _receiver: CaptureReceiver,
  _learned: LearnedLayout | null,
): Extraction {
  throw new ApiError('unavailable', 'capture extraction is not built yet');
}

// PLACEHOLDER until cap-extract merges
export function supplierKeysOf(_fields: CaptureFields): string[] {
  throw new ApiError('unavailable', 'capture extraction is not built yet');
}
