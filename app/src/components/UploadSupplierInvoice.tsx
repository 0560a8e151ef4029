// "Upload a supplier's invoice" (issue 49): a file a supplier gave you (UBL or CII, or a PDF with
// one inside: Factur-X, ZUGFeRD, XRechnung) becomes your bill through POST /v1/inbound/documents,
// the same pipeline as mail (CONTRACT 11.5): the buyer must be your organization, the supplier is
// matched or added. Picked, or dropped on the box; the bill opens, and a file received before says
// so with a link to the earlier bill. A refusal is shown beside the control, one line per term.
import { type DragEvent, useId, useRef, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import { toBase64 } from '../lib/files';
import { useAction } from '../lib/hooks';
import { Link, navigate } from '../router';
import { ImportRefusal } from './ImportRefusal';

/**
 * DOCEX_INBOUND_MAX_BYTES's default (CONTRACT 13: scans are large). The app's proxy takes that
 * file's base64 whatever the deployment sets (src/webapp/plugin.ts), so a deployment with another
 * limit answers with the API's own 413, in words; this only spares a person a pointless upload.
 */
const MAX_FILE = 25 * 1024 * 1024;

export function UploadSupplierInvoice({ onUploaded }: { onUploaded?: () => void }) {
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [duplicate, setDuplicate] = useState<{ id: string; name: string } | null>(null);
  // a PDF without an e-invoice inside, or a scan: kept to be read (CONTRACT §13), not refused
  const [captured, setCaptured] = useState<string | null>(null);
  const ids = { input: useId(), help: useId(), err: useId() };

  const send = (file: File) =>
    action.run(async () => {
      setDuplicate(null);
      setCaptured(null);
      if (file.size > MAX_FILE) throw new Error(`${file.name} is larger than docex takes (25 MB).`);
      const doc = await docex.POST('/v1/inbound/documents', {
        body: { content_base64: toBase64(await file.arrayBuffer()), filename: file.name.slice(0, 255) },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      if (input.current) input.current.value = '';
      onUploaded?.();
      if ('capture_ids' in doc) setCaptured(file.name);
      else if (doc.duplicate_of) setDuplicate({ id: doc.duplicate_of, name: `${doc.label} ${doc.number}` });
      else navigate(`/documents/${doc.id}`);
    });
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void send(file);
  };

  return (
    <section
      className={`panel upload-box${over ? ' drag-over' : ''}`}
      aria-labelledby={`${ids.input}-title`}
      data-testid="upload-supplier-invoice"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <h2 id={`${ids.input}-title`}>Upload a supplier's invoice</h2>
      <p className="muted small" id={ids.help}>
        An e-invoice a supplier sent you (UBL or CII XML, or a Factur-X / ZUGFeRD / XRechnung PDF) becomes a
        bill to approve and pay, as if it had arrived by email. Choose the file, or drop it here.
      </p>
      <label htmlFor={ids.input}>Supplier's invoice file</label>
      <input
        id={ids.input}
        ref={input}
        type="file"
        accept=".xml,.pdf,application/xml,text/xml,application/pdf"
        disabled={action.busy}
        aria-describedby={action.error ? `${ids.help} ${ids.err}` : ids.help}
        aria-invalid={action.error ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      {action.busy ? (
        <p role="status" className="muted small">
          Reading the invoice…
        </p>
      ) : null}
      {duplicate ? (
        <p role="status" data-testid="upload-duplicate">
          Received before: this is <Link to={`/documents/${duplicate.id}`}>{duplicate.name}</Link>. Nothing
          new was created.
        </p>
      ) : null}
      {captured ? (
        <p role="status" data-testid="upload-captured">
          {captured} has no e-invoice inside: docex reads it in a moment and lists it under{' '}
          <Link to="/captures">To review</Link>, to confirm before it becomes a bill.
        </p>
      ) : null}
      {action.error ? (
        <ImportRefusal
          error={action.error}
          id={ids.err}
          testId="upload-errors"
          headlines={{ mismatch: 'Not received: the totals do not add up.', other: 'Not received.' }}
        />
      ) : null}
    </section>
  );
}
