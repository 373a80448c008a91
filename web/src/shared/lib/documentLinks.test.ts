import { describe, expect, it } from 'vitest';
import { documentPath, hasEInvoice } from './documentLinks';

describe('documentPath', () => {
  it('is the PDF path, and the XML one with .xml after the id', () => {
    expect(documentPath('invoice', 'inv/1')).toBe('/api/documents/invoice/inv%2F1');
    expect(documentPath('credit-note', 'cn1', 'xml')).toBe('/api/documents/credit-note/cn1.xml');
  });
  it('offers the XML for invoices, payment requests and credit notes only', () => {
    const kinds = ['invoice', 'request', 'receipt', 'credit-note', 'proposal'] as const;
    expect(kinds.filter(hasEInvoice)).toEqual(['invoice', 'request', 'credit-note']);
  });
});
