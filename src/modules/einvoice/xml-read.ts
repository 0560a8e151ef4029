// Reading an uploaded e-invoice safely (CONTRACT 9, issue 35). docex reads its own small subset of
// XML 1.0 with namespaces, in ONE left-to-right pass whose every step moves forward through the text
// (indexOf, char codes, and sticky regular expressions that cannot backtrack past their token), so a
// 1 MiB file costs milliseconds whatever it holds, and the loop is handed back every SLICE tokens
// while it is read. fast-xml-parser used to read imports: it took 0.7 s
// for 1 MiB of empty elements, and the comment-stripping regex run beside it was quadratic when
// `<!--` sat inside CDATA (27.8 s for one request, every other tenant waiting). saxes 6, a strict
// SAX parser, was measured in this reader's place (bench/README.md): linear, but 4.5x slower on 1 MiB
// of elements and 8.8x on the vendored examples once docex's tree is built from its events, and it
// refuses &#1; itself where docex names the business term; the rule was at most about 3x.
//
// What a file may not do, each a 400 naming the line and column: a DOCTYPE or an entity declaration
// (no XXE, no expansion; refused before reading), an entity other than the five predefined ones,
// nesting deeper than MAX_DEPTH elements, more than MAX_ELEMENTS elements, an undeclared namespace
// prefix, and anything that is not well-formed. Children are kept in Maps and attributes in arrays,
// never as object keys, so names such as `__proto__` or `constructor` are names like any other. Text is decoded as read; characters
// XML cannot carry are left in place for the reader to refuse by business term (import-model.ts).
import { ApiError } from '../../lib/errors.ts';

/** An element: its namespace, attributes and children by local name, and its own text. */
export interface XNode {
  /** local name */
  name: string;
  /** namespace URI ('' when none) */
  ns: string;
  /**
   * attributes as [local name, value, local name, value, …] (namespace declarations are not
   * attributes here): elements carry one or two, and a Map each cost more than the rest of the
   * element; `attr` reads them.
   */
  attrs: string[] | null;
  /** children by local name, in document order */
  children: Map<string, XNode[]> | null;
  /** the element's own text (text and CDATA directly inside it), decoded, untrimmed */
  text: string;
}

/** EN 16931 files nest about 8 deep; 100 leaves room for any extension and stops a deep file at once. */
export const MAX_DEPTH = 100;
/**
 * A 200-line invoice with every optional term is about 15,000 elements; four times that, and the
 * tree of the largest accepted file stays a few megabytes.
 */
export const MAX_ELEMENTS = 60_000;

/** A file's value as an error message shows it: at most `max` characters, so a hostile file is not echoed back. */
export function shown(v: string | null, max = 40): string {
  if (v === null) return '(none)';
  if (v.length <= max) return v;
  // By code points, so an emoji is not cut in half.
  return `${[...v.slice(0, 2 * max)].slice(0, max).join('')}…`;
}

export function badFile(message: string, path = 'content_base64'): ApiError {
  return new ApiError('invalid_request', message, { errors: [{ path, message }] });
}

export interface ParsedXml {
  /** the root's local name */
  root: string;
  /** the root's namespace URI ('' when none) */
  namespace: string;
  node: XNode;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// XML 1.0 (fifth edition) name characters, without ':' (namespaces make a name prefix:local).
const START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const REST = `${START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
/** A qualified name at a position: two runs of name characters, each matched once (no backtracking). */
const QNAME = new RegExp(`[${START}][${REST}]*(?::[${START}][${REST}]*)?`, 'uy');
/** The XML declaration: bounded and anchored (read only at the very start, at most 200 characters). */
const DECLARATION =
  /^<\?xml[ \t\n\r]+version[ \t\n\r]*=[ \t\n\r]*("1\.[0-9]+"|'1\.[0-9]+')([ \t\n\r]+encoding[ \t\n\r]*=[ \t\n\r]*("[A-Za-z][\w.-]*"|'[A-Za-z][\w.-]*'))?([ \t\n\r]+standalone[ \t\n\r]*=[ \t\n\r]*("(yes|no)"|'(yes|no)'))?[ \t\n\r]*\?>/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]{0,31});/y;

/**
 * Markup tokens and attributes read between two turns of the event loop. The reader is linear, but
 * a 1 MiB file still holds 100,000 of them (tens of milliseconds on a loaded machine): it hands
 * the loop back every slice, so other tenants' requests are answered while a large file is read.
 */
const SLICE = 2_048;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isAsciiStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;

class Reader {
  readonly #s: string;
  #pos = 0;

  readonly #maxElements: number;

  constructor(s: string, maxElements: number) {
    this.#s = s;
    this.#maxElements = maxElements;
  }

  /** A 400 naming where in the file (line and column are counted only when one is thrown). */
  fail(message: string, at = this.#pos): ApiError {
    let line = 1;
    let lineStart = 0;
    for (let i = this.#s.indexOf('\n'); i !== -1 && i < at; i = this.#s.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return badFile(
      `The file is not well-formed XML: ${message} (line ${line}, column ${at - lineStart + 1}).`,
    );
  }

  /** Character and entity references decoded; an undefined entity is not well-formed (no DTD defines one). */
  decode(raw: string, at: number): string {
    let amp = raw.indexOf('&');
    if (amp === -1) return raw;
    let out = '';
    let from = 0;
    while (amp !== -1) {
      REFERENCE.lastIndex = amp;
      const m = REFERENCE.exec(raw);
      if (!m) throw this.fail('a "&" that starts no reference (write &amp;)', at + amp);
      const ref = m[1] as string;
      let value: string | undefined;
      if (ref[0] === '#') {
        const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
        // Kept even when XML forbids it (&#1;): the reader refuses it naming the business term.
        if (code <= 0x10ffff) value = String.fromCodePoint(code);
      } else value = PREDEFINED[ref];
      if (value === undefined) {
        throw this.fail(
          `the reference &${ref}; is not one of the five predefined entities or a character`,
          at + amp,
        );
      }
      out += raw.slice(from, amp) + value;
      from = REFERENCE.lastIndex;
      amp = raw.indexOf('&', from);
    }
    return out + raw.slice(from);
  }

  #name(): string {
    // ASCII names (every name in an e-invoice) by char codes; anything else by the full grammar.
    const s = this.#s;
    const from = this.#pos;
    let i = from;
    let c = s.charCodeAt(i);
    if (isAsciiStart(c)) {
      let colon = false;
      for (c = s.charCodeAt(++i); ; c = s.charCodeAt(++i)) {
        if (isAsciiStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e) continue;
        if (c === 0x3a && !colon && isAsciiStart(s.charCodeAt(i + 1))) {
          colon = true;
          continue;
        }
        break;
      }
      if (!(c >= 0x80) && !(c === 0x3a && !colon)) {
        this.#pos = i;
        return s.slice(from, i);
      }
    }
    QNAME.lastIndex = from;
    const m = QNAME.exec(s);
    if (!m) throw this.fail('a name was expected');
    this.#pos = QNAME.lastIndex;
    return m[0];
  }

  #space(): boolean {
    const from = this.#pos;
    while (isSpace(this.#s.charCodeAt(this.#pos))) this.#pos++;
    return this.#pos > from;
  }

  /** The index of `token` at or after `from`, or a failure saying what was left open. */
  #find(token: string, from: number, open: string, at: number): number {
    const i = this.#s.indexOf(token, from);
    if (i === -1) throw this.fail(`${open} is not closed`, at);
    return i;
  }

  async parse(): Promise<ParsedXml> {
    const s = this.#s;
    // Leading white space before the declaration is not XML, but files from the wild carry it.
    this.#space();
    if (s.startsWith('<?xml', this.#pos) && isSpace(s.charCodeAt(this.#pos + 5))) {
      const decl = DECLARATION.exec(s.slice(this.#pos, this.#pos + 200));
      if (!decl) throw this.fail('the XML declaration is malformed');
      this.#pos += decl[0].length;
    }
    // Namespace bindings in scope: each prefix's URIs, innermost last ('' is the default namespace).
    const bindings = new Map<string, string[]>([
      ['xml', [XML_NS]],
      ['xmlns', [XMLNS_NS]],
    ]);
    const resolve = (prefix: string, at: number): string => {
      const uris = bindings.get(prefix);
      const uri = uris?.[uris.length - 1];
      if (uri === undefined) {
        if (prefix === '') return '';
        throw this.fail(`the namespace prefix "${shown(prefix)}" is not declared`, at);
      }
      return uri;
    };
    interface Open {
      qname: string;
      node: XNode;
      /** prefixes this element declared, to unbind when it closes */
      declared: string[] | null;
    }
    const stack: Open[] = [];
    let root: XNode | null = null;
    let elements = 0;
    const addText = (node: XNode | undefined, chunk: string, at: number) => {
      if (node) node.text += chunk;
      else if (!/^[ \t\n\r]*$/.test(chunk)) throw this.fail('text outside the root element', at);
    };
    let work = 0;
    while (this.#pos < s.length) {
      if (++work >= SLICE) {
        work = 0;
        await nextTurn();
      }
      const lt = s.indexOf('<', this.#pos);
      const end = lt === -1 ? s.length : lt;
      if (end > this.#pos) {
        const raw = s.slice(this.#pos, end);
        if (raw.includes(']]>'))
          throw this.fail('"]]>" in text (write ]]&gt;)', this.#pos + raw.indexOf(']]>'));
        addText(stack[stack.length - 1]?.node, this.decode(raw, this.#pos), this.#pos);
      }
      if (lt === -1) break;
      this.#pos = lt;
      if (s.startsWith('<!--', lt)) {
        const close = this.#find('-->', lt + 4, 'a comment', lt);
        // XML forbids "--" inside a comment: the first "--" after the opening must be the closing one.
        if (s.indexOf('--', lt + 4) !== close) throw this.fail('"--" inside a comment', lt);
        this.#pos = close + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        const close = this.#find(']]>', lt + 9, 'a CDATA section', lt);
        const top = stack[stack.length - 1];
        if (!top) throw this.fail('a CDATA section outside the root element', lt);
        top.node.text += s.slice(lt + 9, close);
        this.#pos = close + 3;
      } else if (s.startsWith('<?', lt)) {
        this.#pos = lt + 2;
        const target = this.#name();
        if (target.toLowerCase() === 'xml')
          throw this.fail('an XML declaration not at the start of the file', lt);
        if (target.includes(':')) throw this.fail('a processing instruction target with a colon', lt);
        this.#pos = this.#find('?>', this.#pos, 'a processing instruction', lt) + 2;
      } else if (s.startsWith('<!', lt)) {
        throw this.fail('a declaration (<!…) is not allowed in an e-invoice', lt);
      } else if (s.startsWith('</', lt)) {
        this.#pos = lt + 2;
        const qname = this.#name();
        this.#space();
        if (s[this.#pos] !== '>') throw this.fail(`the end tag </${shown(qname)}> is malformed`, lt);
        this.#pos++;
        const open = stack.pop();
        if (!open) throw this.fail(`the end tag </${shown(qname)}> closes nothing`, lt);
        if (open.qname !== qname) {
          throw this.fail(`the end tag </${shown(qname)}> does not match <${shown(open.qname)}>`, lt);
        }
        if (open.declared) for (const p of open.declared) bindings.get(p)?.pop();
      } else {
        if (root !== null && stack.length === 0) throw this.fail('a second root element', lt);
        if (stack.length >= MAX_DEPTH) throw this.fail(`elements nested deeper than ${MAX_DEPTH}`, lt);
        if (++elements > this.#maxElements) {
          throw this.fail(`more than ${this.#maxElements.toLocaleString('en-US')} elements`, lt);
        }
        this.#pos = lt + 1;
        const qname = this.#name();
        // Attributes by qualified name while the tag is read (a repeated one is an error), then by
        // local name on the element. Char codes and one pass over each value: this loop runs for
        // every attribute of a file, so it allocates nothing it does not keep.
        let attrs: string[] | null = null;
        /** the names already read, once a tag has too many for a linear search */
        let names: Set<string> | null = null;
        let prefixed = false;
        let declared: string[] | null = null;
        let selfClosing = false;
        for (;;) {
          if (++work >= SLICE) {
            work = 0;
            await nextTurn();
          }
          const spaced = this.#space();
          const c = s.charCodeAt(this.#pos);
          if (c === 0x3e) {
            this.#pos++;
            break;
          }
          if (c === 0x2f && s.charCodeAt(this.#pos + 1) === 0x3e) {
            this.#pos += 2;
            selfClosing = true;
            break;
          }
          if (Number.isNaN(c)) throw this.fail(`the start tag <${shown(qname)}> is not closed`, lt);
          if (!spaced) throw this.fail(`the start tag <${shown(qname)}> is malformed`, this.#pos);
          const at = this.#pos;
          const name = this.#name();
          this.#space();
          if (s.charCodeAt(this.#pos) !== 0x3d)
            throw this.fail(`the attribute ${shown(name)} has no value`, at);
          this.#pos++;
          this.#space();
          const quote = s.charCodeAt(this.#pos);
          if (quote !== 0x22 && quote !== 0x27)
            throw this.fail(`the value of ${shown(name)} is not quoted`, at);
          const from = this.#pos + 1;
          const close = s.indexOf(quote === 0x22 ? '"' : "'", from);
          if (close === -1) throw this.fail(`the value of ${shown(name)} is not closed`, at);
          let references = false;
          let breaks = false;
          for (let i = from; i < close; i++) {
            const v = s.charCodeAt(i);
            if (v === 0x3c) throw this.fail(`"<" in the value of ${shown(name)}`, at);
            if (v === 0x26) references = true;
            else if (v === 0x09 || v === 0x0a || v === 0x0d) breaks = true;
          }
          let value = s.slice(from, close);
          // Attribute-value normalization (XML 1.0 3.3.3): literal white space becomes a space.
          if (breaks) value = value.replace(/[\t\n\r]/g, ' ');
          if (references) value = this.decode(value, from);
          this.#pos = close + 1;
          if (name === 'xmlns' || name.startsWith('xmlns:')) {
            const prefix = name === 'xmlns' ? '' : name.slice(6);
            if (prefix === 'xmlns' || prefix === 'xml')
              throw this.fail(`${shown(name)} cannot be declared`, at);
            if (prefix !== '' && value === '') throw this.fail(`${shown(name)} cannot be undeclared`, at);
            if (declared?.includes(prefix)) throw this.fail(`the attribute ${shown(name)} is repeated`, at);
            const uris = bindings.get(prefix);
            if (uris) uris.push(value);
            else bindings.set(prefix, [value]);
            declared ??= [];
            declared.push(prefix);
          } else {
            attrs ??= [];
            if (attrs.length >= 16 && names === null) {
              names = new Set();
              for (let i = 0; i < attrs.length; i += 2) names.add(attrs[i] as string);
            }
            let repeated = false;
            if (names) repeated = names.has(name);
            else for (let i = 0; i < attrs.length && !repeated; i += 2) repeated = attrs[i] === name;
            if (repeated) throw this.fail(`the attribute ${shown(name)} is repeated`, at);
            names?.add(name);
            attrs.push(name, value);
            if (!prefixed && name.includes(':')) prefixed = true;
          }
        }
        const colon = qname.indexOf(':');
        const node: XNode = {
          name: colon === -1 ? qname : qname.slice(colon + 1),
          ns: resolve(colon === -1 ? '' : qname.slice(0, colon), lt),
          attrs,
          children: null,
          text: '',
        };
        if (attrs && prefixed) {
          // xsi:schemaLocation and the like: the prefix must be declared, the local name is kept.
          for (let i = 0; i < attrs.length; i += 2) {
            const name = attrs[i] as string;
            const c = name.indexOf(':');
            if (c === -1) continue;
            resolve(name.slice(0, c), lt);
            attrs[i] = name.slice(c + 1);
          }
        }
        const parent = stack[stack.length - 1]?.node;
        if (parent) {
          parent.children ??= new Map();
          const list = parent.children.get(node.name);
          if (list) list.push(node);
          else parent.children.set(node.name, [node]);
        } else root = node;
        if (selfClosing) {
          if (declared) for (const p of declared) bindings.get(p)?.pop();
        } else stack.push({ qname, node, declared });
      }
    }
    const open = stack[stack.length - 1];
    if (open) throw this.fail(`the element <${shown(open.qname)}> is not closed`, s.length);
    if (root === null) throw badFile('The file has no root element.');
    return { root: root.name, namespace: root.ns, node: root };
  }
}

/**
 * `maxElements`: MAX_ELEMENTS for an e-invoice; a bank statement (bodies up to 10 MiB, thousands
 * of entries of about 20 elements each) passes its own bound (modules/bank/read-bank-file.ts).
 */
export async function parseXml(text: string, maxElements = MAX_ELEMENTS): Promise<ParsedXml> {
  // Refused before reading, anywhere in the file: the classic XXE and expansion attacks start here.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw badFile(
      'The file has a DOCTYPE or an entity declaration: docex refuses them (XXE, entity expansion).',
    );
  }
  // XML 1.0 2.11: every line break is read as a line feed.
  return new Reader(text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text, maxElements).parse();
}

/** The children reached by a path of local names. */
export function all(node: XNode | undefined, ...path: string[]): XNode[] {
  let level: XNode[] = node ? [node] : [];
  for (const name of path) {
    const next: XNode[] = [];
    for (const n of level) {
      const c = n.children?.get(name);
      if (c) for (const x of c) next.push(x);
    }
    level = next;
  }
  return level;
}

/** The first element on the path, without collecting the others. */
export function one(node: XNode | undefined, ...path: string[]): XNode | undefined {
  if (!node) return undefined;
  if (path.length === 1) return node.children?.get(path[0] as string)?.[0];
  return all(node, ...path)[0];
}

/** The text of the first element on the path, trimmed; null when absent or empty. */
export function text(node: XNode | undefined, ...path: string[]): string | null {
  const n = path.length ? one(node, ...path) : node;
  if (!n) return null;
  const s = n.text.trim();
  return s === '' ? null : s;
}

/** The value of the first attribute with this local name, or null. */
export function attr(node: XNode | undefined, name: string): string | null {
  const a = node?.attrs;
  if (!a) return null;
  for (let i = 0; i < a.length; i += 2) if (a[i] === name) return a[i + 1] as string;
  return null;
}

/** Whether any element on the path exists. */
export const has = (node: XNode | undefined, ...path: string[]): boolean => one(node, ...path) !== undefined;
