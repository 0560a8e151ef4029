// Sending real mail to the inbound listener: nodemailer as the SMTP client, on loopback.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { BUYER } from '../helpers/einvoice-profiles.ts';

export const INBOUND_DOMAIN = 'inbound.docex.test';

export interface SmtpOutcome {
  ok: boolean;
  /** The server's last reply code (250 when accepted). */
  code: number | null;
  response: string;
}

/** Sends raw RFC 5322 bytes with the given envelope; never throws on an SMTP refusal. */
export async function sendRaw(
  port: number,
  envelope: { from: string; to: string[] },
  raw: Buffer | string,
): Promise<SmtpOutcome> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 30_000,
    socketTimeout: 60_000,
  });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { ok: true, code: 250, response: String(info.response) };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; message?: string };
    return { ok: false, code: e.responseCode ?? null, response: e.response ?? e.message ?? '' };
  } finally {
    transport.close();
  }
}

/** A small well-formed message (CRLF line ends), From a supplier at a .test domain. */
export function simpleMessage(opts: { from?: string; to: string; subject?: string; body?: string }): string {
  return [
    `From: Supplier <${opts.from ?? 'billing@supplier.test'}>`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject ?? 'Invoice INV-1'}`,
    'Message-ID: <m1@supplier.test>',
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.body ?? 'Please find our invoice attached.',
    '',
  ].join('\r\n');
}

const SAMPLE = readFileSync(
  join(
    import.meta.dirname,
    '..',
    'einvoice',
    'artefacts',
    'examples',
    'ubl_examples_sample-discount-price.xml',
  ),
  'utf8',
);

/**
 * An official UBL example (it imports under §9) numbered `number`, from a seller of its own (VAT id
 * and legal registration id made from `seller`), to BUYER (test/helpers/einvoice-profiles.ts).
 */
export function sampleInvoiceXml(opts: { number: string; seller: string }): Buffer {
  const xml = SAMPLE.replace('<cbc:ID>test decimal 1</cbc:ID>', `<cbc:ID>${opts.number}</cbc:ID>`)
    .replace('HR46830600751', `HR9${opts.seller.padStart(10, '0')}`)
    .replace('HR46830600751', BUYER.vat_id)
    .replace(
      '<cbc:CompanyID>086374645</cbc:CompanyID>',
      `<cbc:CompanyID>8${opts.seller.padStart(8, '0')}</cbc:CompanyID>`,
    );
  return Buffer.from(xml, 'utf8');
}

/** A delivery status notification (RFC 3464) to `to`, its returned headers naming `messageId`. */
export function dsnReport(to: string, messageId: string, action: string, status: string): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.supplier.example>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="dsn-b1"',
    '',
    '--dsn-b1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered.',
    '',
    '--dsn-b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.supplier.example',
    'Arrival-Date: Wed, 25 Nov 2026 10:00:00 +0000',
    '',
    'Final-Recipient: rfc822; billing@supplier.example',
    `Action: ${action}`,
    `Status: ${status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '',
    '--dsn-b1',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${messageId}`,
    '',
    '--dsn-b1--',
    '',
  ].join('\r\n');
}

/** The file with its buyer (BG-7) carrying the receiver's VAT id instead of its own. */
export function addressedTo(xml: string, vatId: string): string {
  if (xml.includes('<ram:BuyerTradeParty>')) {
    return xml.replace(
      /(<ram:BuyerTradeParty>)([\s\S]*?)(<\/ram:BuyerTradeParty>)/,
      (_m, open, body, close) => {
        const cleaned = String(body).replace(
          /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">[^<]*<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/g,
          '',
        );
        return `${open}${cleaned}<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${vatId}</ram:ID></ram:SpecifiedTaxRegistration>${close}`;
      },
    );
  }
  return xml.replace(
    /(<cac:AccountingCustomerParty>)([\s\S]*?)(<\/cac:AccountingCustomerParty>)/,
    (_m, open, body, close) => {
      const cleaned = String(body).replace(
        /<cac:PartyTaxScheme>(?:(?!<\/cac:PartyTaxScheme>)[\s\S])*?<cbc:ID>VAT<\/cbc:ID>\s*<\/cac:TaxScheme>\s*<\/cac:PartyTaxScheme>/g,
        '',
      );
      const withVat = cleaned.replace(
        '<cac:PartyLegalEntity>',
        `<cac:PartyTaxScheme><cbc:CompanyID>${vatId}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity>`,
      );
      return `${open}${withVat}${close}`;
    },
  );
}

/** The file's currency codes set to EUR (its document currency, and every amount's currencyID). */
export const inEuro = (xml: string, currency: string): string =>
  xml
    .replaceAll(`currencyID="${currency}"`, 'currencyID="EUR"')
    .replace(/(<(?:ram:InvoiceCurrencyCode|cbc:DocumentCurrencyCode)>)[A-Z]{3}</, '$1EUR<')
    .replace(/(<(?:ram:TaxCurrencyCode|cbc:TaxCurrencyCode)>)[A-Z]{3}</, '$1EUR<');
