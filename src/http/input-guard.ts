// Every input the service cannot hold is refused with the envelope, before anything reads it
// (CONTRACT 10): characters outside XML 1.0's Char production in a path parameter, a query value or
// any body string or key (src/lib/text.ts: NUL and unpaired surrogates PostgreSQL cannot store, which
// used to surface as 500s from the 26 routes that reach the database with them, and the control
// characters and noncharacters no UBL, CII or Factur-X export can carry), numbers JSON turns into Infinity (1e309: the Idempotency-Key
// fingerprint canonicalizes the body before validation and could not), and bodies nested deeper
// than 64 levels. The walk is iterative, so a 10,000-deep body costs a loop, not the stack.
import type { FastifyRequest } from 'fastify';
import { ApiError, type FieldProblem } from '../lib/errors.ts';
import { unstorableTextProblem } from '../lib/text.ts';

export const MAX_DEPTH = 64;
/** Enough to show what is wrong without echoing a whole hostile body back. */
const MAX_PROBLEMS = 20;

function refuse(problems: FieldProblem[]): ApiError {
  const first = problems[0] as FieldProblem;
  return new ApiError('invalid_request', `${first.path}: ${first.message}`, { errors: problems });
}

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** Problems in a parsed JSON body; empty when it is fine. */
export function jsonProblems(value: unknown, root = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const { value: v, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof v === 'string') {
      const problem = unstorableTextProblem(v);
      if (problem) problems.push({ path: path || 'body', message: problem });
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        problems.push({
          path: path || 'body',
          message: 'is not a finite number (too large for a JSON number)',
        });
      }
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) {
        problems.push({ path: path || 'body', message: `is nested deeper than ${MAX_DEPTH} levels` });
        // Nothing under it is read: one problem says it all, and stops the walk going deeper.
        continue;
      }
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ value: v[i], path: childPath(path, i), depth: depth + 1 });
      } else {
        const entries = Object.entries(v);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [k, child] = entries[i] as [string, unknown];
          const p = childPath(path, k);
          const problem = unstorableTextProblem(k);
          if (problem) problems.push({ path: p, message: `the key ${problem}` });
          stack.push({ value: child, path: p, depth: depth + 1 });
        }
      }
    }
  }
  return problems;
}

/** Throws invalid_request when a parsed body holds something the service cannot take. */
export function guardJsonBody(value: unknown): void {
  const problems = jsonProblems(value);
  if (problems.length > 0) throw refuse(problems);
}

/** Path parameters and query values: the same text rule, before any route reads them. */
export function guardRequestText(request: FastifyRequest): void {
  const problems: FieldProblem[] = [];
  for (const [part, values] of [
    ['path', request.params],
    ['query', request.query],
  ] as const) {
    if (!values || typeof values !== 'object') continue;
    for (const [name, raw] of Object.entries(values as Record<string, unknown>)) {
      for (const v of Array.isArray(raw) ? raw : [raw]) {
        const problem = typeof v === 'string' ? unstorableTextProblem(v) : null;
        if (problem) problems.push({ path: `${part}.${name}`, message: problem });
      }
      const problem = unstorableTextProblem(name);
      if (problem) problems.push({ path: `${part}.${name}`, message: `the name ${problem}` });
    }
  }
  if (problems.length > 0) throw refuse(problems);
}
