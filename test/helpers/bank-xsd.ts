// ISO 20022 schema validation for the bank rail's tests (CONTRACT 12): libxml2 compiled to
// WebAssembly, against the schemas vendored in vendor/iso20022/ (ISO publishes them for free use).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

const dir = fileURLToPath(new URL('../../vendor/iso20022/', import.meta.url));
const validators = new Map<string, XsdValidator>();

function validator(schema: string): XsdValidator {
  let v = validators.get(schema);
  if (!v) {
    const xsd = XmlDocument.fromString(readFileSync(`${dir}${schema}.xsd`, 'utf8'));
    v = XsdValidator.fromDoc(xsd);
    validators.set(schema, v);
  }
  return v;
}

/** The schema's complaints about `xml` (empty when it is valid). */
export function xsdErrors(schema: string, xml: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    validator(schema).validate(doc);
    return [];
  } catch (e) {
    const details = (e as { details?: { message: string; line?: number }[] }).details;
    return details?.length ? details.map((d) => `line ${d.line}: ${d.message.trim()}`) : [String(e)];
  } finally {
    doc.dispose();
  }
}
