// The folders of unpacked language data a native OCR engine reads (ocr-native.ts): made with
// mkdtemp (0700, a name no one can guess) by the thread that owns them, the main thread's capture
// pool (capture-pool.ts), because the pool ends a capture thread without warning and what the
// thread made would stay. Removed when their pool closes and when the process exits; one left
// by a process that could not (SIGKILL, a crash) is removed by the next docex process that makes
// one, the process's pid being in the folder's name.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processExists } from '../../../lib/process-exists.ts';

const PREFIX = 'docex-tessdata-';
/** A folder's name: the prefix, the pid of the process that made it, mkdtemp's suffix. */
const NAMED_FOR_PID = new RegExp(`^${PREFIX}(\\d+)-`);
const made = new Set<string>();
let hooked = false;
const swept = new Set<string>();

/** Our folders of processes that no longer exist (a pid reused since is left alone: harmless). */
function sweepStale(root: string): void {
  const uid = process.getuid?.();
  for (const name of readdirSync(root)) {
    const pid = Number(NAMED_FOR_PID.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || processExists(pid)) continue;
    const dir = join(root, name);
    try {
      const st = statSync(dir);
      if (st.isDirectory() && (uid === undefined || st.uid === uid))
        rmSync(dir, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

/** A new private folder for the language data, removed with the process at the latest. */
export function makeOcrDataDir(root = tmpdir()): string {
  if (!swept.has(root)) {
    swept.add(root);
    sweepStale(root);
  }
  const dir = mkdtempSync(join(root, `${PREFIX}${process.pid}-`));
  made.add(dir);
  if (!hooked) {
    hooked = true;
    // One hook for every folder: a listener per pool would pile up (a test makes dozens of pools).
    process.once('exit', () => {
      for (const d of made) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}

/** The folder and what it holds, now (its pool closed). */
export function removeOcrDataDir(dir: string): void {
  made.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}
