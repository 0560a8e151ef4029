// PLACEHOLDER until cap-read merges: the signatures the capture resource calls (BRIEF-capture.md);
// cap-read's file replaces this one whole. Nothing may depend on these bodies, no test included.
import type { Config } from '../../config.ts';
import type { ReadFile } from '../../lib/capture-shapes.ts';
import { ApiError } from '../../lib/errors.ts';

export interface CaptureFileInput {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

// PLACEHOLDER until cap-read merges
export async function readCaptureFile(_config: Config, _file: CaptureFileInput): Promise<ReadFile> {
  throw new ApiError('unavailable', 'capture reading is not built yet');
}

// PLACEHOLDER until cap-read merges
export async function renderCapturePage(
  _config: Config,
  _file: CaptureFileInput,
  _n: number,
): Promise<Uint8Array> {
  throw new ApiError('unavailable', 'capture reading is not built yet');
}
