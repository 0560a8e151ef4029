// Validates an XML e-invoice (UBL 2.1 or CII D16B) with the official CEN EN 16931 validation XSLTs and,
// on request, the Peppol BIS Billing 3.0 ones, all vendored in test/einvoice/artefacts (see its README).
//
// Each XSLT is compiled once to a SaxonJS SEF by the xslt3 command line (it has no programmatic API) and
// the SEF is kept in node_modules/.cache/docex-einvoice/, named by the SHA-256 of the XSLT (and of the
// xslt3 version that compiled it), so later runs skip the compilation (~10-30 s a file). Test files that
// run at the same time may compile the same XSLT together: each writes its own temporary file and
// renames it into place, which is atomic, so a reader never sees half a file.
//
// The output of a run is SVRL. Every svrl:failed-assert (and svrl:successful-report, which neither rule
// set uses today) becomes an Assert, sorted by its flag: CEN's XSLTs and Peppol's (compiled with
// SchXslt 2.0) both write only flag="fatal" or flag="warning". Any flag but warning (or information)
// counts as fatal, so that an unexpected or missing flag cannot make a broken invoice pass unnoticed.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';

export type Syntax = 'ubl' | 'cii';
export interface Assert {
  id: string;
  flag: string;
  location: string;
  text: string;
}
export interface ValidationResult {
  fatal: Assert[];
  warnings: Assert[];
}

const ARTEFACTS = fileURLToPath(new URL('../einvoice/artefacts/', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/docex-einvoice/', import.meta.url));

const require = createRequire(import.meta.url);
const XSLT3_CLI = require.resolve('xslt3/xslt3.js');
const XSLT3_VERSION = readXslt3Version();
const COMPILE_OPTIONS = ['-nogo', '-relocate:on'];

const STYLESHEETS: Record<'cen' | 'peppol', Record<Syntax, string>> = {
  cen: { ubl: 'EN16931-UBL-validation.xslt', cii: 'EN16931-CII-validation.xslt' },
  peppol: { ubl: 'PEPPOL-EN16931-UBL.xslt', cii: 'PEPPOL-EN16931-CII.xslt' },
};

// The root elements each syntax's rules are written for. A document of the other syntax would only
// meet a handful of generic rules and pass, so it is refused instead.
const ROOT_NAMESPACES: Record<Syntax, readonly string[]> = {
  ubl: [
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  ],
  cii: ['urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100'],
};

const WARNING_FLAGS = new Set(['warning', 'information', 'info']);

const SVRL = { svrl: 'http://purl.oclc.org/dsdl/svrl' };
const SVRL_ASSERTS = `(//svrl:failed-assert | //svrl:successful-report) ! map {
  'id': string(@id), 'flag': string(@flag), 'location': string(@location),
  'text': normalize-space(string-join(svrl:text, ' '))
}`;

const execFileAsync = promisify(execFile);
const compiled = new Map<string, Promise<object>>();

/** CEN rules, plus Peppol BIS 3 rules when peppol is true. */
export async function validateEInvoice(
  xml: string,
  syntax: Syntax,
  opts: { peppol?: boolean } = {},
): Promise<ValidationResult> {
  const files = [STYLESHEETS.cen[syntax]];
  if (opts.peppol) files.push(STYLESHEETS.peppol[syntax]);
  const stylesheets = Promise.all(files.map(stylesheet));
  stylesheets.catch(() => {}); // awaited below, unless checkRoot throws first
  await checkRoot(xml, syntax);

  const result: ValidationResult = { fatal: [], warnings: [] };
  for (const sheet of await stylesheets) {
    const out = await SaxonJS.transform(
      { stylesheetInternal: sheet, sourceText: xml, destination: 'serialized' },
      'async',
    );
    if (typeof out.principalResult !== 'string') throw new Error('SaxonJS gave no serialized SVRL');
    for (const a of await parseSvrl(out.principalResult)) {
      if (WARNING_FLAGS.has(a.flag)) result.warnings.push(a);
      else result.fatal.push(a);
    }
  }
  return result;
}

/** One line per assert, for assertion messages. */
export function formatAsserts(asserts: Assert[]): string {
  return asserts
    .map((a) => `${a.flag || '(no flag)'} ${a.id || '(no id)'} at ${a.location}: ${a.text}`)
    .join('\n');
}

async function checkRoot(xml: string, syntax: Syntax): Promise<void> {
  const doc = await SaxonJS.getResource({ text: xml, type: 'xml' });
  const ns = SaxonJS.XPath.evaluate('namespace-uri(/*)', doc);
  const name = SaxonJS.XPath.evaluate('local-name(/*)', doc);
  if (typeof ns !== 'string' || !ROOT_NAMESPACES[syntax].includes(ns)) {
    throw new Error(
      `not a ${syntax.toUpperCase()} document: its root element is {${String(ns)}}${String(name)}`,
    );
  }
}

async function parseSvrl(svrl: string): Promise<Assert[]> {
  const doc = await SaxonJS.getResource({ text: svrl, type: 'xml' });
  const rows = SaxonJS.XPath.evaluate(SVRL_ASSERTS, doc, { namespaceContext: SVRL, resultForm: 'array' });
  if (!Array.isArray(rows)) throw new Error('SVRL query did not return an array');
  return rows.map(toAssert);
}

function toAssert(row: unknown): Assert {
  if (typeof row !== 'object' || row === null) throw new Error(`unexpected SVRL row: ${String(row)}`);
  const r = row as Record<string, unknown>;
  const field = (k: keyof Assert): string => {
    const v = r[k];
    if (typeof v !== 'string') throw new Error(`SVRL row without a string ${k}`);
    return v;
  };
  return { id: field('id'), flag: field('flag'), location: field('location'), text: field('text') };
}

/** The compiled SEF of a vendored XSLT: from this process's memory, the disk cache, or xslt3. */
function stylesheet(file: string): Promise<object> {
  let p = compiled.get(file);
  if (!p) {
    p = loadOrCompile(join(ARTEFACTS, file));
    // A failed compilation is not remembered: the next call tries again.
    p.catch(() => compiled.delete(file));
    compiled.set(file, p);
  }
  return p;
}

async function loadOrCompile(xsltPath: string): Promise<object> {
  const xslt = await readFile(xsltPath);
  const key = createHash('sha256')
    .update(`xslt3 ${XSLT3_VERSION} ${COMPILE_OPTIONS.join(' ')}\n`)
    .update(xslt)
    .digest('hex');
  const sefPath = join(CACHE_DIR, `${key}.sef.json`);
  const cached = await readSef(sefPath);
  if (cached) return cached;

  await mkdir(CACHE_DIR, { recursive: true });
  const tmp = `${sefPath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    try {
      await execFileAsync(
        process.execPath,
        [XSLT3_CLI, `-xsl:${xsltPath}`, `-export:${tmp}`, ...COMPILE_OPTIONS],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    } catch (err) {
      const stderr = (err as { stderr?: unknown }).stderr;
      throw new Error(`xslt3 could not compile ${xsltPath}: ${String(stderr || err)}`);
    }
    const sef = await readSef(tmp);
    if (!sef) throw new Error(`xslt3 wrote no SEF for ${xsltPath}`);
    await rename(tmp, sefPath);
    return sef;
  } finally {
    await rm(tmp, { force: true });
  }
}

/** A SEF file parsed, or null when it is missing or not JSON (then it is compiled anew). */
async function readSef(path: string): Promise<object | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const sef: unknown = JSON.parse(text);
    return typeof sef === 'object' && sef !== null ? sef : null;
  } catch {
    return null;
  }
}

function readXslt3Version(): string {
  const pkg: unknown = JSON.parse(readFileSync(require.resolve('xslt3/package.json'), 'utf8'));
  const version =
    typeof pkg === 'object' && pkg !== null ? (pkg as { version?: unknown }).version : undefined;
  if (typeof version !== 'string') throw new Error('xslt3/package.json has no version');
  return version;
}

// `node --import tsx test/helpers/einvoice-validate.ts`: compiles every vendored XSLT into the cache
// above and exits. .ci/run does it once before its suite runs (issue 41 item 6): run at once, each
// run's e-invoice test files would otherwise compile the same four XSLTs together (67 CPU seconds
// for the four, measured), as two files of one run still do when both start before a SEF is cached.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = Object.values(STYLESHEETS).flatMap((bySyntax) => Object.values(bySyntax));
  const started = Date.now();
  await Promise.all(files.map(stylesheet));
  console.log(
    `${files.length} e-invoice validation XSLTs compiled or cached in ${CACHE_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
