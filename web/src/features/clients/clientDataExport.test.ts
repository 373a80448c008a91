import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { clientExportCsv, clientExportFileStem } from './clientDataExport';

const data = {
  email: 'Ada@Example.com',
  exportedAt: '2026-11-27T20:00:00.000Z',
  collections: {
    leads: [{ id: 'L1', name: 'Ada', email: 'Ada@Example.com', quote: { amountCents: 100 }, phone: null }],
    notes: [{ id: 'N1', text: '=HYPERLINK("x")' }],
  },
  stripeCustomerIds: ['cus_1'],
};

describe('client data export as CSV', () => {
  it('writes one row per stored field of every collection, nested values as JSON, cells formula-safe', () => {
    const [head, ...rows] = Papa.parse<string[]>(clientExportCsv(data).trim()).data;
    expect(head).toEqual(['collection', 'id', 'field', 'value']);
    expect(rows).toEqual([
      ['leads', 'L1', 'name', 'Ada'],
      ['leads', 'L1', 'email', 'Ada@Example.com'],
      ['leads', 'L1', 'quote', '{"amountCents":100}'],
      ['leads', 'L1', 'phone', ''],
      ['notes', 'N1', 'text', `'=HYPERLINK("x")`],
      ['stripe_customers', 'cus_1', 'id', 'cus_1'],
    ]);
  });

  it('names the file after the address and the day', () => {
    expect(clientExportFileStem(data)).toBe('client-data-ada_example.com-2026-11-27');
  });
});
