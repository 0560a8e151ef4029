// Reading an uploaded e-invoice safely (CONTRACT 9): a DOCTYPE or an entity declaration is refused
// before any parsing (no XXE, no expansion bombs), malformed XML is a 400, and the tree is read by
// local names through a few path helpers. fast-xml-parser (entity processing off, every value kept
// as text) rather than a DOM: it has no network or file access to switch off.
import { ApiError } from '../../lib/errors.ts';
import { lazyModule } from '../../lib/lazy-module.ts';

/** An element: its children by local name (always arrays), attributes as `@name`, text as `#text`. */
export type XNode = { [name: string]: unknown };

// fast-xml-parser is loaded on the first import, not at start: most processes never read an
// e-invoice, and importing it costs 1.6 MB of heap (after gc, fresh Node 20 process) in every one
// of them (issue 28's 300 MB). importEInvoice awaits loadXmlRead() before parseXml runs.
const fxp = lazyModule('fast-xml-parser', async () => {
  const { XMLParser, XMLValidator } = await import('fast-xml-parser');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  });
  return { parser, XMLValidator };
});
export const loadXmlRead = (): Promise<unknown> => fxp.load();

export function badFile(message: string, path = 'content_base64'): ApiError {
  return new ApiError('invalid_request', message, { errors: [{ path, message }] });
}

/** The five predefined XML entities and character references: the only ones a file may use. */
function decodeText(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[e] ?? '';
  });
}

export interface ParsedXml {
  /** the root's local name */
  root: string;
  /** the root's namespace URI ('' when none) */
  namespace: string;
  node: XNode;
}

export function parseXml(text: string): ParsedXml {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw badFile(
      'The file has a DOCTYPE or an entity declaration: docex refuses them (XXE, entity expansion).',
    );
  }
  const { parser, XMLValidator } = fxp.get();
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw badFile(
      `The file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`,
    );
  }
  const tree = parser.parse(text) as XNode;
  const names = Object.keys(tree).filter((k) => !k.startsWith('@') && k !== '#text');
  if (names.length !== 1) throw badFile('The file has no single root element.');
  const root = names[0]!;
  const start = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)\b([^>]*)>/.exec(
    text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  const prefix = start?.[1]?.slice(0, -1);
  const nsAttr = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = start
    ? new RegExp(`\\s${nsAttr.replace('.', '\\.')}\\s*=\\s*["']([^"']*)["']`).exec(start[3] ?? '')
    : null;
  return { root, namespace: ns?.[1] ?? '', node: (tree[root] as XNode[])[0]! };
}

/** The children reached by a path of local names. */
export function all(node: XNode | undefined, ...path: string[]): XNode[] {
  let level: XNode[] = node ? [node] : [];
  for (const name of path) {
    level = level.flatMap((n) => {
      const c = n[name];
      return Array.isArray(c)
        ? c.map((x) => (typeof x === 'object' && x !== null ? (x as XNode) : { '#text': x }))
        : [];
    });
  }
  return level;
}

export const one = (node: XNode | undefined, ...path: string[]): XNode | undefined => all(node, ...path)[0];

/** The text of the first element on the path, entity references decoded; null when absent or empty. */
export function text(node: XNode | undefined, ...path: string[]): string | null {
  const n = path.length ? one(node, ...path) : node;
  const t = n?.['#text'];
  if (t === undefined || t === null) return null;
  const s = decodeText(String(t)).trim();
  return s === '' ? null : s;
}

export function attr(node: XNode | undefined, name: string): string | null {
  const v = node?.[`@${name}`];
  return typeof v === 'string' ? decodeText(v) : null;
}

/** Whether any element on the path exists. */
export const has = (node: XNode | undefined, ...path: string[]): boolean => all(node, ...path).length > 0;
