/** Studio settings routes: validation (strict, nothing written on 400), the guard, and what is stored. */
import { describe, expect, it } from 'vitest';
import { adminIdToken, api, db, userIdToken } from '../helpers.js';

const VALID = {
  businessName: 'Pixel & Code Studio',
  postalAddress: '1 Test Street\nSpringfield',
  contactEmail: 'Billing@Studio.Example',
  taxId: '',
  logoUrl: 'https://studio.example/logo.png',
  paymentTermsDays: 21,
  invoiceFooter: 'Thank you for your business.',
};

describe('PUT /api/settings/studio', () => {
  it('stores the validated settings (email lowercased, blank tax ID as null)', async () => {
    const token = await adminIdToken();
    const res = await api('PUT', '/api/settings/studio', { body: VALID, token });
    expect(res.status).toBe(200);
    const stored = (await db.collection('settings').doc('studio').get()).data()!;
    expect(stored).toMatchObject({
      businessName: 'Pixel & Code Studio',
      contactEmail: 'billing@studio.example',
      taxId: null,
      paymentTermsDays: 21,
      updatedBy: 'test-admin',
    });
  });

  it('rejects unknown keys, bad values and non-https logos with 400 and writes nothing', async () => {
    const token = await adminIdToken();
    const before = (await db.collection('settings').doc('studio').get()).data();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...VALID, isAdmin: true }, 'isAdmin'],
      [{ ...VALID, businessName: ' ' }, 'businessName'],
      [{ ...VALID, contactEmail: 'nope' }, 'contactEmail'],
      [{ ...VALID, paymentTermsDays: 1.5 }, 'paymentTermsDays'],
      [{ ...VALID, paymentTermsDays: '14' }, 'paymentTermsDays'],
      [{ ...VALID, logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ ...VALID, logoUrl: 'http://insecure.example/logo.png' }, 'logoUrl'],
      [{ ...VALID, invoiceFooter: 'x'.repeat(601) }, 'invoiceFooter'],
    ];
    for (const [body, field] of cases) {
      const res = await api('PUT', '/api/settings/studio', { body, token });
      expect(res.status, field).toBe(400);
      expect((res.json as { fields: Record<string, string> }).fields, field).toHaveProperty(field);
    }
    expect((await db.collection('settings').doc('studio').get()).data()).toEqual(before);
  });

  it('refuses callers without the admin claim', async () => {
    expect((await api('PUT', '/api/settings/studio', { body: VALID })).status).toBe(401);
    expect((await api('PUT', '/api/settings/studio', { body: VALID, token: await userIdToken() })).status).toBe(403);
  });
});

describe('PUT /api/settings/automations', () => {
  const AUTOMATIONS = {
    quoteFollowUp: { enabled: true, days: 7 },
    quoteExpiry: { enabled: true, days: 5 },
    depositUnpaid: { enabled: false, days: 7 },
    invoiceDueSoon: { enabled: true, days: 3 },
    invoiceOverdue: { enabled: true, days: [1, 7, 14] },
  };

  it('stores the automations; refuses days out of order, out of range and unknown keys', async () => {
    const token = await adminIdToken();
    // Other tests (reminders) own the automations document's content: write back what was there.
    const before = (await db.collection('settings').doc('automations').get()).data();
    expect((await api('PUT', '/api/settings/automations', { body: AUTOMATIONS, token })).status).toBe(200);
    expect((await db.collection('settings').doc('automations').get()).get('invoiceOverdue')).toEqual({
      enabled: true,
      days: [1, 7, 14],
    });
    for (const body of [
      { ...AUTOMATIONS, invoiceOverdue: { enabled: true, days: [7, 1] } },
      { ...AUTOMATIONS, quoteFollowUp: { enabled: true, days: 0 } },
      { ...AUTOMATIONS, quoteFollowUp: { enabled: 'yes', days: 3 } },
      { ...AUTOMATIONS, extra: { enabled: true, days: 3 } },
      { ...AUTOMATIONS, depositUnpaid: { enabled: true, days: 3, note: 'x' } },
    ]) {
      expect((await api('PUT', '/api/settings/automations', { body, token })).status).toBe(400);
    }
    if (before) await db.collection('settings').doc('automations').set(before);
  });
});
