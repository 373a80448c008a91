import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  applyClientFilters,
  buildClientsCsv,
  clearFilters,
  clientCsvRows,
  clientsCsvFileName,
  CSV_COLUMNS,
  csvQuoteAmount,
  DEFAULT_CLIENT_FILTERS,
  escapeCsvCell,
  filterClients,
  hasActiveFilters,
  matchesSearch,
  sortClients,
  type ClientFilters,
  type ClientLead,
} from './clientsFilter';

function lead(id: string, extra: Partial<ClientLead> = {}): ClientLead {
  return {
    id,
    name: `Client ${id}`,
    email: `${id}@example.com`,
    phone: null,
    status: 'New',
    projectType: 'Web Project',
    subject: 'A website',
    message: 'Hello there',
    quoteAmountCents: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...extra,
  };
}

const filters = (extra: Partial<ClientFilters> = {}): ClientFilters => ({ ...DEFAULT_CLIENT_FILTERS, ...extra });
const ids = (list: readonly ClientLead[]) => list.map((l) => l.id);

const jane = lead('jane', {
  name: 'Jane Doe',
  email: 'jane@acme.test',
  status: 'Quoted',
  projectType: 'Brand/Logo Design',
  subject: 'New LOGO',
  message: 'We need a fresh brand identity.',
  quoteAmountCents: 250_000,
  createdAt: new Date('2026-03-01T10:00:00Z'),
});
const bob = lead('bob', {
  name: 'bob smith',
  email: 'bob@builder.test',
  status: 'New',
  projectType: 'Web Project',
  subject: 'Shop',
  message: 'Online store with Stripe payments',
  quoteAmountCents: null,
  createdAt: new Date('2026-02-01T10:00:00Z'),
});
const ann = lead('ann', {
  name: 'Ánn Zed',
  email: 'ann@zed.test',
  status: 'Complete',
  projectType: 'AI Automation',
  subject: 'Chatbot',
  message: 'Automate support',
  quoteAmountCents: 990_050,
  createdAt: new Date('2026-04-01T10:00:00Z'),
});
const all = [bob, jane, ann];

describe('matchesSearch', () => {
  it('matches name, email, subject and message case-insensitively', () => {
    expect(matchesSearch(jane, 'JANE')).toBe(true);
    expect(matchesSearch(jane, 'acme.TEST')).toBe(true);
    expect(matchesSearch(jane, 'logo')).toBe(true);
    expect(matchesSearch(jane, 'IDENTITY')).toBe(true);
    expect(matchesSearch(jane, 'stripe')).toBe(false);
  });

  it('treats a blank query as match-all and requires every word', () => {
    expect(matchesSearch(jane, '')).toBe(true);
    expect(matchesSearch(jane, '   ')).toBe(true);
    expect(matchesSearch(jane, '  jane   logo ')).toBe(true);
    expect(matchesSearch(jane, 'jane stripe')).toBe(false);
  });

  it('does not search other fields (phone, status, project type)', () => {
    const l = lead('x', { phone: '555-0100' });
    expect(matchesSearch(l, '555')).toBe(false);
    expect(matchesSearch(jane, 'quoted')).toBe(false);
    expect(matchesSearch(jane, 'brand/logo')).toBe(false);
  });

  it('tolerates missing text fields in stored data', () => {
    const broken = { ...lead('y'), message: undefined as unknown as string, subject: null as unknown as string };
    expect(matchesSearch(broken, 'client y')).toBe(true);
    expect(matchesSearch(broken, 'hello')).toBe(false);
  });
});

describe('filterClients', () => {
  it('keeps everything with the default filters', () => {
    expect(ids(filterClients(all, DEFAULT_CLIENT_FILTERS))).toEqual(['bob', 'jane', 'ann']);
  });

  it('filters by one or several statuses', () => {
    expect(ids(filterClients(all, filters({ statuses: ['Quoted'] })))).toEqual(['jane']);
    expect(ids(filterClients(all, filters({ statuses: ['Quoted', 'Complete'] })))).toEqual(['jane', 'ann']);
    expect(filterClients(all, filters({ statuses: ['Lost'] }))).toEqual([]);
  });

  it('filters by project type', () => {
    expect(ids(filterClients(all, filters({ projectTypes: ['AI Automation'] })))).toEqual(['ann']);
    expect(ids(filterClients(all, filters({ projectTypes: ['Web Project', 'AI Automation'] })))).toEqual([
      'bob',
      'ann',
    ]);
  });

  it('combines search, status and project type (AND)', () => {
    expect(
      ids(filterClients(all, filters({ search: 'test', statuses: ['New', 'Quoted'], projectTypes: ['Web Project'] }))),
    ).toEqual(['bob']);
    expect(filterClients(all, filters({ search: 'jane', statuses: ['New'] }))).toEqual([]);
  });

  it('does not mutate its input', () => {
    const input = [...all];
    filterClients(input, filters({ statuses: ['New'] }));
    expect(input).toEqual(all);
  });
});

describe('sortClients', () => {
  it('sorts newest and oldest by created date', () => {
    expect(ids(sortClients(all, 'newest'))).toEqual(['ann', 'jane', 'bob']);
    expect(ids(sortClients(all, 'oldest'))).toEqual(['bob', 'jane', 'ann']);
  });

  it('sorts by name A–Z ignoring case and accents', () => {
    expect(ids(sortClients(all, 'name'))).toEqual(['ann', 'bob', 'jane']);
  });

  it('sorts by quote amount high–low with no-quote leads last', () => {
    expect(ids(sortClients(all, 'quote'))).toEqual(['ann', 'jane', 'bob']);
    const zero = lead('zero', { quoteAmountCents: 0, createdAt: new Date('2020-01-01T00:00:00Z') });
    expect(ids(sortClients([bob, zero, jane], 'quote'))).toEqual(['jane', 'zero', 'bob']);
  });

  it('puts leads without a valid date last in both date orders', () => {
    const pending = lead('pending', { createdAt: null as unknown as Date });
    const invalid = lead('invalid', { createdAt: new Date('nope') });
    expect(ids(sortClients([pending, bob, invalid, jane], 'newest'))).toEqual(['jane', 'bob', 'invalid', 'pending']);
    expect(ids(sortClients([pending, bob, invalid, jane], 'oldest'))).toEqual(['bob', 'jane', 'invalid', 'pending']);
  });

  it('breaks ties by newest first, then id, and returns a copy', () => {
    const a = lead('a', { name: 'Same', createdAt: new Date('2026-01-01T00:00:00Z') });
    const b = lead('b', { name: 'same', createdAt: new Date('2026-01-02T00:00:00Z') });
    const c = lead('c', { name: 'Same', createdAt: new Date('2026-01-01T00:00:00Z') });
    const input = [c, a, b];
    expect(ids(sortClients(input, 'name'))).toEqual(['b', 'a', 'c']);
    expect(ids(input)).toEqual(['c', 'a', 'b']);
  });
});

describe('applyClientFilters / hasActiveFilters / clearFilters', () => {
  it('filters then sorts', () => {
    expect(
      ids(
        applyClientFilters(all, filters({ statuses: ['Quoted', 'Complete', 'New'], sort: 'oldest', search: 'test' })),
      ),
    ).toEqual(['bob', 'jane', 'ann']);
    expect(ids(applyClientFilters(all, filters({ search: 'a', sort: 'name' })))).toEqual(['ann', 'bob', 'jane']);
  });

  it('knows when the list is narrowed; sort alone is not a filter', () => {
    expect(hasActiveFilters(DEFAULT_CLIENT_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ sort: 'quote' }))).toBe(false);
    expect(hasActiveFilters(filters({ search: '  ' }))).toBe(false);
    expect(hasActiveFilters(filters({ search: 'x' }))).toBe(true);
    expect(hasActiveFilters(filters({ statuses: ['New'] }))).toBe(true);
    expect(hasActiveFilters(filters({ projectTypes: ['Product Design'] }))).toBe(true);
  });

  it('clears search and filters but keeps the sort', () => {
    expect(
      clearFilters(filters({ search: 'x', statuses: ['New'], projectTypes: ['AI Automation'], sort: 'name' })),
    ).toEqual(filters({ sort: 'name' }));
  });
});

describe('escapeCsvCell (formula injection)', () => {
  it.each(['=SUM(A1:A2)', '+1 555 0100', '-2+3', '@cmd', '\tTAB', '\rCR', '=HYPERLINK("http://evil","x")'])(
    'prefixes %j with a single quote',
    (v) => {
      expect(escapeCsvCell(v)).toBe(`'${v}`);
    },
  );

  it.each(['Jane', '', ' =not at start', "'already", '1234.50', 'a=b', '2026-01-01T00:00:00.000Z'])(
    'leaves %j alone',
    (v) => {
      expect(escapeCsvCell(v)).toBe(v);
    },
  );

  it('catches a formula even when the cell spans several lines', () => {
    expect(escapeCsvCell('=1+1\nsecond line')).toBe("'=1+1\nsecond line");
  });
});

describe('csvQuoteAmount', () => {
  it('formats cents as a 2-decimal string, empty when absent', () => {
    expect(csvQuoteAmount(123_450)).toBe('1234.50');
    expect(csvQuoteAmount(5)).toBe('0.05');
    expect(csvQuoteAmount(0)).toBe('0.00');
    expect(csvQuoteAmount(null)).toBe('');
    expect(csvQuoteAmount(undefined)).toBe('');
    expect(csvQuoteAmount(Number.NaN)).toBe('');
  });
});

describe('clientCsvRows / buildClientsCsv', () => {
  const evil = lead('evil', {
    name: "=cmd|' /C calc'!A0",
    email: 'evil@example.com',
    phone: '+1 555 0100',
    status: 'Lost',
    projectType: 'Product Design',
    subject: '@SUM(1,2)',
    message: 'Line one, with "quotes"\n-line two',
    quoteAmountCents: 123_450,
    createdAt: new Date('2026-05-06T07:08:09.010Z'),
  });

  it('builds one row per lead in column order', () => {
    expect(clientCsvRows([jane, bob])).toEqual([
      [
        'Jane Doe',
        'jane@acme.test',
        '',
        'Quoted',
        'Brand/Logo Design',
        'New LOGO',
        'We need a fresh brand identity.',
        '2500.00',
        '2026-03-01T10:00:00.000Z',
      ],
      [
        'bob smith',
        'bob@builder.test',
        '',
        'New',
        'Web Project',
        'Shop',
        'Online store with Stripe payments',
        '',
        '2026-02-01T10:00:00.000Z',
      ],
    ]);
  });

  it('escapes dangerous cells in the rows', () => {
    const [row] = clientCsvRows([evil]);
    expect(row).toEqual([
      "'=cmd|' /C calc'!A0",
      'evil@example.com',
      "'+1 555 0100",
      'Lost',
      'Product Design',
      "'@SUM(1,2)",
      'Line one, with "quotes"\n-line two',
      '1234.50',
      '2026-05-06T07:08:09.010Z',
    ]);
  });

  it('leaves Created empty when the date is missing', () => {
    const [row] = clientCsvRows([lead('p', { createdAt: null as unknown as Date })]);
    expect(row?.[8]).toBe('');
  });

  it('produces CSV with a header that round-trips through Papa.parse', () => {
    const csv = buildClientsCsv([evil, jane]);
    expect(csv.split('\r\n')[0]).toBe('Name,Email,Phone,Status,Project Type,Subject,Message,Quote Amount,Created');
    const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed.data.slice(1)).toEqual(clientCsvRows([evil, jane]));
    // No parsed cell begins with a formula trigger.
    for (const cell of parsed.data.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports only the header for an empty list', () => {
    const csv = buildClientsCsv([]);
    expect(csv.trimEnd()).toBe('Name,Email,Phone,Status,Project Type,Subject,Message,Quote Amount,Created');
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([[...CSV_COLUMNS]]);
  });
});

describe('clientsCsvFileName', () => {
  it('uses the local date as clients-YYYY-MM-DD.csv', () => {
    expect(clientsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('clients-2026-01-05.csv');
    expect(clientsCsvFileName(new Date(2026, 11, 31, 0, 1))).toBe('clients-2026-12-31.csv');
  });

  it('defaults to today', () => {
    expect(clientsCsvFileName()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
