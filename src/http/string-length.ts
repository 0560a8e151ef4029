// ajv's maxLength and minLength, the same rule in constant time for nearly every string.
//
// JSON Schema counts a string's length in characters (code points), so ajv walks every string a
// length keyword applies to, one UTF-16 unit at a time (its ucs2length). On an upload's 2 MB of
// base64 that walk is ~4 ms of the thread every other request waits for (issue 51, the API's p99
// while scans are uploaded). But a string's code points are never more than its UTF-16 units and
// never fewer than half of them (a surrogate pair is the most two units can be), so the count
// decides only in between: a string of at most `max` units cannot exceed `max` characters, and one
// of at least twice `min` units cannot fall short of `min`. Only then is it counted, as ajv does.
// The keywords keep ajv's own name, parameters and message, so their errors read as before
// (validation.ts words them).
import { createRequire } from 'node:module';
import type { Ajv, CodeKeywordDefinition, KeywordCxt } from 'ajv';
import { _ } from 'ajv';
import { useFunc as scopeFunction } from 'ajv/dist/compile/util.js';

// CommonJS modules with an `exports.default`: required, so the tests (tsx) and the build (Node's
// own ESM loader, which would hand over the whole `exports`) read the same thing.
const require = createRequire(import.meta.url);
const ucs2length: typeof import('ajv/dist/runtime/ucs2length.js')['default'] =
  require('ajv/dist/runtime/ucs2length.js').default;
const limitLength: typeof import('ajv/dist/vocabularies/validation/limitLength.js')['default'] =
  require('ajv/dist/vocabularies/validation/limitLength.js').default;

/** More than `max` characters (code points)? */
export function longerThan(s: string, max: number): boolean {
  return s.length > max && ucs2length(s) > max;
}
// ajv writes a runtime function's `code` into standalone validators; these are compiled in process.
longerThan.code = 'longerThan';

/** Fewer than `min` characters (code points)? */
export function shorterThan(s: string, min: number): boolean {
  if (s.length < min) return true;
  return s.length < 2 * min && ucs2length(s) < min;
}
shorterThan.code = 'shorterThan';

/** ajv's limitLength keyword, counting only when the count decides. */
export const STRING_LENGTH: CodeKeywordDefinition = {
  keyword: ['maxLength', 'minLength'],
  type: 'string',
  schemaType: 'number',
  $data: true,
  error: limitLength.error,
  code(cxt: KeywordCxt) {
    const { keyword, data, schemaCode } = cxt;
    const test = scopeFunction(cxt.gen, keyword === 'maxLength' ? longerThan : shorterThan);
    cxt.fail$data(_`${test}(${data}, ${schemaCode})`);
  },
};

/** Replaces ajv's maxLength and minLength in `ajv` with STRING_LENGTH. */
export function addStringLength(ajv: Ajv): void {
  ajv.removeKeyword('maxLength');
  ajv.removeKeyword('minLength');
  ajv.addKeyword(STRING_LENGTH);
}
