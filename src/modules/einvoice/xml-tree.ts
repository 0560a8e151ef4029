// A thin layer over xmlbuilder2 for the two writers: elements named with their syntax's prefix,
// optional values skipped (EN 16931 files must not carry empty elements), and one serialization
// (UTF-8, two-space indentation) so every export of the same model is the same bytes.
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { lazyModule } from '../../lib/lazy-module.ts';

// xmlbuilder2 is loaded on the first export, not at start: most processes never write an
// e-invoice, and importing it costs 3.0 MB of heap (after gc, fresh Node 20 process) in every one
// of them (issue 28's 300 MB). exportEInvoice awaits loadXmlTree() before the writers run.
const xmlbuilder2 = lazyModule('xmlbuilder2', () => import('xmlbuilder2'));
export const loadXmlTree = (): Promise<unknown> => xmlbuilder2.load();

export type Namespaces = Record<string, string>;

export class XmlTree {
  readonly #node: XMLBuilder;
  readonly #ns: Namespaces;

  private constructor(node: XMLBuilder, ns: Namespaces) {
    this.#node = node;
    this.#ns = ns;
  }

  /** A document whose root is `name` ("rsm:CrossIndustryInvoice", or unprefixed in the default namespace). */
  static root(name: string, ns: Namespaces): XmlTree {
    const attrs: Record<string, string> = {};
    for (const [prefix, uri] of Object.entries(ns)) attrs[prefix === '' ? 'xmlns' : `xmlns:${prefix}`] = uri;
    const doc = xmlbuilder2.get().create({ version: '1.0', encoding: 'UTF-8' });
    return new XmlTree(doc.ele(XmlTree.uri(ns, name), name, attrs), ns);
  }

  private static uri(ns: Namespaces, name: string): string {
    const colon = name.indexOf(':');
    const uri = ns[colon < 0 ? '' : name.slice(0, colon)];
    if (uri === undefined) throw new Error(`no namespace for ${name}`);
    return uri;
  }

  /** A child element, for children of its own. */
  el(name: string, attrs?: Record<string, string>): XmlTree {
    return new XmlTree(this.#node.ele(XmlTree.uri(this.#ns, name), name, attrs), this.#ns);
  }

  /** A child element with text; nothing when the value is null or undefined. */
  text(name: string, value: string | null | undefined, attrs?: Record<string, string>): this {
    if (value !== null && value !== undefined) this.el(name, attrs).#node.txt(value);
    return this;
  }

  /** Children written by `fill` only when `when` holds. */
  if(when: unknown, fill: (t: this) => void): this {
    if (when) fill(this);
    return this;
  }

  serialize(): string {
    return `${this.#node.end({ prettyPrint: true, indent: '  ' })}\n`;
  }
}
