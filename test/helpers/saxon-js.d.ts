// The few parts of SaxonJS 2 (package saxon-js, which ships no types) that the tests use.
declare module 'saxon-js' {
  /** A node tree built by SaxonJS (a document from getResource, or a transformation's raw result). */
  export interface SaxonNode {
    readonly nodeType: number;
  }

  export interface TransformOptions {
    /** A compiled stylesheet (SEF), as JSON.parse gives it. */
    stylesheetInternal?: object;
    /** A compiled stylesheet (SEF) file. */
    stylesheetFileName?: string;
    sourceText?: string;
    sourceNode?: SaxonNode;
    destination?: 'serialized' | 'raw' | 'document' | 'application';
    stylesheetParams?: Record<string, unknown>;
  }

  export interface TransformResult {
    /** A string with destination 'serialized'. */
    principalResult: unknown;
  }

  export interface XPathOptions {
    namespaceContext?: Record<string, string>;
    resultForm?: 'default' | 'array' | 'iterator' | 'xdm';
    params?: Record<string, unknown>;
  }

  export interface SaxonJSStatic {
    transform(options: TransformOptions, execution: 'async'): Promise<TransformResult>;
    getResource(options: { text: string; type: 'xml' }): Promise<SaxonNode>;
    XPath: {
      evaluate(expression: string, contextItem: SaxonNode | null, options?: XPathOptions): unknown;
    };
  }

  const SaxonJS: SaxonJSStatic;
  export default SaxonJS;
}
