// OCR by a tesseract program found on the machine (CONTRACT §13: "a faster engine found on the
// machine may be used when present"): the same Tesseract LSTM engine as tesseract.js, compiled for
// the processor instead of WebAssembly, reading docex's own language data (the same
// `4.0.0_best_int` models, unpacked), so the same page gives the same kind of words, in a third to
// a half of the time (docs/capture.md "The native engine"). Nothing is fetched: the program reads
// the page from its stdin and writes its words to its stdout.
//
// Used when DOCEX_OCR_NATIVE is `auto` (the default: `tesseract` on PATH) or the path of the
// program, and the program is tesseract 5 or later (5 has Sauvola's threshold, which reading
// relies on). Otherwise tesseract.js reads, as on a machine with nothing installed.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import type { PageWord } from '../../../lib/capture-shapes.ts';
import { makeOcrDataDir } from './ocr-data.ts';
import {
  languageFile,
  MIN_WORD_CONFIDENCE,
  OCR_LANGUAGES,
  type OcrEngine,
  THRESHOLDING_METHOD,
} from './ocr-engine.ts';

/** DOCEX_OCR_NATIVE: `auto` (look for `tesseract` on PATH), `off`, or the program's absolute path. */
export type NativeOcr = string;

/** The oldest tesseract used: `thresholding_method` (Sauvola) came with 5.0. */
const MIN_MAJOR = 5;
/** `tesseract --version` answers in milliseconds; a program that does not is not used. */
const VERSION_TIMEOUT_MS = 10_000;
/** A page's words as TSV are some 100 kB; more than this is not tesseract's answer. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
/** What is kept of the program's stderr, for the error when it fails. */
const MAX_STDERR_CHARS = 2000;

/** The program `setting` names, or null: `off`, or `auto` with no executable `tesseract` on PATH. */
export function nativeProgram(
  setting: NativeOcr,
  path: string | undefined = process.env.PATH,
): string | null {
  if (setting === 'off') return null;
  if (setting !== 'auto') return setting;
  for (const dir of (path ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue; // a relative PATH entry would depend on the working directory
    const candidate = join(dir, 'tesseract');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The child's environment: nothing of docex's own (its database URL, its keys), only what a program
 * needs to run, and one OpenMP thread: a page's OCR takes one core, as tesseract.js's does, and
 * leaves the other to the API and the SMTP listener (DOCEX_CAPTURE_THREADS sets how many pages at once).
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { OMP_THREAD_LIMIT: '1', LC_ALL: 'C' };
  for (const name of ['PATH', 'LD_LIBRARY_PATH'] as const)
    if (process.env[name]) env[name] = process.env[name];
  return env;
}

/** `tesseract --version`'s version, or why the program is not used. */
export function nativeVersion(
  program: string,
  timeoutMs = VERSION_TIMEOUT_MS,
): Promise<{ version: string } | { why: string }> {
  return new Promise((resolve) => {
    execFile(
      program,
      ['--version'],
      { env: childEnv(), timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 },
      (err, stdout, stderr) => {
        if (err) return resolve({ why: `${program} --version failed: ${err.message.split('\n')[0]}` });
        // 5.x prints it on stdout, 4.x on stderr: "tesseract 5.3.0" on the first line.
        const m = /^tesseract v?(\d+)\.(\d+)(?:\.(\d+))?/m.exec(`${stdout}\n${stderr}`);
        if (!m) return resolve({ why: `${program} does not say it is tesseract` });
        if (Number(m[1]) < MIN_MAJOR) {
          return resolve({
            why: `${program} is tesseract ${m[1]}.${m[2]}; docex uses ${MIN_MAJOR}.0 or later`,
          });
        }
        resolve({ version: `${m[1]}.${m[2]}${m[3] === undefined ? '' : `.${m[3]}`}` });
      },
    );
  });
}

let ownDataDir: string | null = null;
let sharedDataDir: string | null = null;
/** The pid of this thread's running tesseract (0: none), shared with the pool; see `endOrphanedOcr`. */
let childSlot: Int32Array | null = null;

/**
 * What the capture pool gives each capture thread for the native engine (capture-pool.ts): the
 * folder it made for this process's unpacked language data, which its threads share and it
 * removes, and a slot where the thread keeps its running tesseract's pid. A thread's own folder
 * would outlive the thread, which the pool ends without warning (idle, over its time limit); and a
 * child process outlives the thread that started it.
 */
export function setNativeHost(host: { dataDir: string; child: Int32Array } | null): void {
  sharedDataDir = host?.dataDir ?? null;
  childSlot = host?.child ?? null;
}

/**
 * Called by the pool when a capture thread has ended (its file over the time limit, the service
 * closing): the tesseract it was running, if any, is killed. Node does not end a thread's child
 * processes with the thread, and a page's time limit is the thread's timer, gone with it. The pid
 * is killed only while it is still a child of this process (a pid reaped an instant before the
 * thread ended could have been reused by another process since).
 */
export function endOrphanedOcr(child: Int32Array): void {
  const pid = Atomics.exchange(child, 0, 0);
  if (pid <= 0) return;
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== process.pid) return;
  } catch {
    return; // gone already, or no /proc to check it by: not killed blind
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // ended in between
  }
}

function dataDir(): string {
  if (sharedDataDir) return sharedDataDir;
  // Used without the pool (a test, the bench, on the main thread): a folder of its own.
  ownDataDir ??= makeOcrDataDir();
  return ownDataDir;
}

/**
 * The six languages unpacked (tesseract reads `.traineddata`, the packages hold them gzipped): once
 * per folder, each file written under a name of this thread's and renamed, so a thread never reads
 * a file another is still writing.
 */
function unpackLanguages(dir: string): void {
  for (const code of OCR_LANGUAGES) {
    const file = join(dir, `${code}.traineddata`);
    if (existsSync(file)) continue;
    const partial = `${file}.${process.pid}-${threadId}`;
    writeFileSync(partial, gunzipSync(readFileSync(languageFile(code))), { mode: 0o600 });
    renameSync(partial, file);
  }
}

/** tesseract's TSV: level 5 rows are words (left, top, width, height, conf 0..100, text). */
export function wordsOfTsv(tsv: string): PageWord[] {
  const words: PageWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const [left = Number.NaN, top = Number.NaN, width = Number.NaN, height = Number.NaN, conf = Number.NaN] =
      cols.slice(6, 11).map(Number);
    const text = cols.slice(11).join('\t').trim();
    if (text === '' || !(conf >= MIN_WORD_CONFIDENCE) || ![left, top, width, height].every(Number.isFinite))
      continue;
    words.push({
      text,
      bbox: [left, top, left + width, top + height],
      confidence: Math.round(conf) / 100,
    });
  }
  return words;
}

/** Runs the program on one page: its PNG on stdin, its words as TSV on stdout. */
function runPage(
  program: string,
  args: string[],
  png: Uint8Array,
  running: Set<ChildProcess>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // Spawned from the capture thread, the child starts at that thread's lowered CPU priority
    // (Linux keeps a nice value per thread, and a child inherits its creator's).
    const child = spawn(program, args, { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    running.add(child);
    const pid = child.pid ?? 0;
    if (childSlot && pid > 0) Atomics.store(childSlot, 0, pid);
    const done = () => {
      running.delete(child);
      if (childSlot && pid > 0) Atomics.compareExchange(childSlot, 0, pid, 0);
    };
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-MAX_STDERR_CHARS);
    });
    // A program that exits before reading all of its stdin: its exit says why, not the broken pipe.
    child.stdin.on('error', () => {});
    child.on('error', (e) => {
      done();
      reject(new Error(`${program} could not be run: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      done();
      if (code === 0 && outBytes <= MAX_OUTPUT_BYTES) return resolve(Buffer.concat(out).toString('utf8'));
      const how = signal ? `was stopped (${signal})` : `exited with ${code}`;
      reject(new Error(`${program} ${how}${err.trim() ? `: ${err.trim()}` : ''}`));
    });
    child.stdin.end(png);
  });
}

/** The native engine for `setting`, or why there is none (`off`, not found, not usable). */
export async function nativeEngine(setting: NativeOcr): Promise<OcrEngine | { why: string }> {
  const program = nativeProgram(setting);
  if (program === null) {
    return { why: setting === 'off' ? 'DOCEX_OCR_NATIVE is off' : 'no tesseract program on PATH' };
  }
  const checked = await nativeVersion(program);
  if ('why' in checked) return checked;
  const running = new Set<ChildProcess>();
  let dir: string | null = null;
  /** The folder of the six languages, unpacked at the first call. */
  const dataFolder = (): string => {
    if (dir === null) {
      const d = dataDir();
      unpackLanguages(d);
      dir = d;
    }
    return dir;
  };
  return {
    name: `tesseract ${checked.version} at ${program}`,
    async ready() {
      dataFolder();
    },
    async recognize(png, _size, dpi, languages, thresholding) {
      const args = [
        'stdin',
        'stdout',
        '--tessdata-dir',
        dataFolder(),
        '-l',
        languages.join('+'),
        '--oem',
        '1', // LSTM only: the models hold nothing else
        '--psm',
        '3', // automatic page segmentation, tesseract.js's default too
        '--dpi',
        String(Math.round(dpi)),
        '-c',
        `thresholding_method=${THRESHOLDING_METHOD[thresholding]}`,
        '-c',
        'tessedit_create_tsv=1',
      ];
      // tesseract finds a page's lines along their skew itself, and gives each word's box on the
      // image as given: extraction levels the lines (extract/lines.ts), so no angle is reported.
      return { words: wordsOfTsv(await runPage(program, args, png, running)), angle: 0 };
    },
    async stop() {
      for (const child of running) child.kill('SIGKILL');
    },
  };
}
