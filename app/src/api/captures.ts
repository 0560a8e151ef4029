// INTERIM hand-written shapes until cap-store's schemas land.
type BBox = number[];
interface CV<T = string> {
  value: T;
  confidence: 'high' | 'low';
  page: number;
  bbox: BBox;
  text: string;
}
type Names =
  | 'number'
  | 'issue_date'
  | 'due_date'
  | 'currency'
  | 'total_net'
  | 'total_tax'
  | 'total'
  | 'amount_due'
  | 'seller_name'
  | 'seller_vat_id'
  | 'seller_registration_id'
  | 'seller_email'
  | 'iban'
  | 'bic'
  | 'payment_reference'
  | 'purchase_order'
  | 'buyer_reference'
  | 'buyer_name'
  | 'buyer_vat_id';
export interface Capture {
  id: string;
  inbound_message_id: string;
  file: { filename: string; content_type: string; sha256: string; pages: number | null };
  method: 'text' | 'ocr' | 'mixed' | null;
  status: 'needs_review' | 'confirmed' | 'rejected' | 'duplicate';
  fields: { [K in Names]: CV | null } & {
    tax_breakdown: CV<{ rate: string; net: string; tax: string }[]> | null;
  };
  lines: {
    description: string;
    quantity: string;
    unit_price: string;
    net: string;
    tax_rate: string | null;
  }[];
  document_id: string | null;
  duplicate_of: string | null;
  created_at: string;
  confirmed_at: string | null;
  confirmed_by: { kind: 'user' | 'api_key' | 'capture_auto'; id: string | null } | null;
}
export type CaptureStatus = Capture['status'];
export type CaptureFieldName = Exclude<keyof Capture['fields'], 'tax_breakdown'>;
export interface CapturePageWords {
  n: number;
  width: number;
  height: number;
  method: string;
  words: { text: string; bbox: BBox }[];
}
export type PageWord = CapturePageWords['words'][number];
