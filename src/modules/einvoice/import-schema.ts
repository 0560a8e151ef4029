// The body and answer of POST /v1/documents/import (CONTRACT 9).
import { type Static, Type } from '@sinclair/typebox';
import { Document } from '../documents/index.ts';

export const ImportBody = Type.Object(
  {
    connection_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An active connection; the caller issues the draft.',
    }),
    format: Type.Optional(
      Type.Union([Type.Literal('ubl'), Type.Literal('cii')], {
        description: 'ubl or cii; detected from the root element when absent.',
      }),
    ),
    content_base64: Type.String({
      minLength: 1,
      maxLength: 1_398_104,
      description: 'The XML file, base64. The whole body is at most 1 MiB.',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        connection_id: 'conn_0VbxDf5IT5RA9QSorFsLhl',
        format: 'ubl',
        content_base64:
          'PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPEludm9pY2UgeG1sbnM9InVybjpvYXNpczpuYW1lczpzcGVjaWZpY2F0aW9uOnVibDpzY2hlbWE6eHNkOkludm9pY2UtMiI+4oCmPC9JbnZvaWNlPgo=',
      },
    ],
  },
);
export type ImportBodyT = Static<typeof ImportBody>;

export const ImportReport = Type.Object(
  {
    format: Type.Union([Type.Literal('ubl'), Type.Literal('cii')]),
    dropped: Type.Array(Type.String(), {
      description:
        'Business-term ids (BT-…, BG-…) in the file that docex has no field for and did not keep: contacts, payment means, periods, references, delivery, item attributes…',
    }),
  },
  { title: 'ImportReport' },
);

export const ImportedDocument = Type.Intersect([Document, Type.Object({ import_report: ImportReport })], {
  title: 'ImportedDocument',
});
