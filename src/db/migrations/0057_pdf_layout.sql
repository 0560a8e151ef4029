-- Issue 49 (the invoice PDF in words): a document keeps the Factur-X PDF layout it was issued with,
-- so the bytes of a PDF already served, or rendered again later from an old document, never change
-- (src/modules/einvoice/pdf-layout.ts). Null is layout 1, every document issued before this column:
-- unit codes as they are (HUR), prices as stored (95), no thousands separators. Issues from now on
-- record the current layout (2: unit names, prices with their decimals, 1,140.00).
alter table documents add column pdf_layout smallint;
