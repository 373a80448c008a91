import { describe, expect, it } from 'vitest';
import {
  clientDataRequestDocSchema,
  counterDocSchema,
  idempotencyKeyDocSchema,
  paymentDocSchema,
  promoCustomerDocSchema,
  stripeEventDocSchema,
} from '../src/index.js';

/** A stored timestamp as either SDK hands it back: something with toDate(). */
const ts = (iso: string) => ({ toDate: () => new Date(iso) });

describe('money documents as stored', () => {
  it('reads a stripe_events record, with and without a review', () => {
    const applied = stripeEventDocSchema.parse({
      type: 'payment_intent.succeeded',
      objectId: 'pi_123',
      outcome: 'applied',
      receivedAt: ts('2026-11-27T10:00:00Z'),
      expireAt: ts('2027-11-27T10:00:00Z'),
    });
    expect(applied).toMatchObject({ outcome: 'applied', receivedAt: new Date('2026-11-27T10:00:00Z') });
    expect(applied.review).toBeUndefined();
    const held = stripeEventDocSchema.parse({
      type: 'charge.refunded',
      objectId: 'ch_1',
      outcome: 'review',
      review: 'No succeeded payment pi_9',
      receivedAt: null,
      expireAt: ts('2027-11-27T10:00:00Z'),
    });
    expect(held.review).toBe('No succeeded payment pi_9');
    expect(() => stripeEventDocSchema.parse({ type: 'x', objectId: 'y', outcome: 'done' })).toThrow();
  });

  it('reads an idempotency key answer and refuses one without its expiry', () => {
    const doc = {
      route: 'create-invoice',
      fingerprint: 'a'.repeat(64),
      invoiceId: 'inv1',
      number: 'INV-2026-0007',
      checkoutUrl: '/checkout?amount=475.00&description=Deposit&invoiceId=inv1',
      createdAt: ts('2026-11-27T10:00:00Z'),
      expiresAt: ts('2026-11-28T10:00:00Z'),
    };
    expect(idempotencyKeyDocSchema.parse(doc).expiresAt).toEqual(new Date('2026-11-28T10:00:00Z'));
    expect(() => idempotencyKeyDocSchema.parse({ ...doc, expiresAt: undefined })).toThrow();
  });

  it('reads a counter of a number series', () => {
    expect(counterDocSchema.parse({ year: 2026, last: 12, updatedAt: ts('2026-11-27T10:00:00Z') })).toMatchObject({
      year: 2026,
      last: 12,
    });
    expect(() => counterDocSchema.parse({ year: 2026, last: 1.5 })).toThrow();
  });

  it("reads a customer's hold and redemption of a promo code", () => {
    expect(
      promoCustomerDocSchema.parse({ status: 'held', orderId: 'o1', expiresAtMs: 1_764_240_000_000, updatedAt: null }),
    ).toMatchObject({ status: 'held', expiresAtMs: 1_764_240_000_000 });
    expect(
      promoCustomerDocSchema.parse({ status: 'redeemed', orderId: 'o1', expiresAtMs: null }).expiresAtMs,
    ).toBeNull();
    expect(() => promoCustomerDocSchema.parse({ status: 'released', orderId: 'o1' })).toThrow();
  });

  it('reads a client data request audit record with its counts', () => {
    const doc = clientDataRequestDocSchema.parse({
      action: 'erase',
      emailSha256: 'f'.repeat(64),
      by: 'admin',
      byUid: 'uid1',
      at: ts('2026-11-27T10:00:00Z'),
      deleted: { leads: 1 },
      anonymised: { invoices: 2 },
    });
    expect(doc).toMatchObject({ action: 'erase', deleted: { leads: 1 } });
    expect(() => clientDataRequestDocSchema.parse({ ...doc, emailSha256: 'someone@example.com' })).toThrow();
  });

  it('reads a payment as the server records it, cents as integers', () => {
    const doc = paymentDocSchema.parse({
      purpose: 'deposit',
      leadId: 'lead1',
      invoiceId: null,
      orderId: null,
      amountCents: 47_500,
      amountReceivedCents: 47_500,
      currency: 'usd',
      description: '50% deposit: Website',
      mode: 'test',
      status: 'succeeded',
      paidAt: ts('2026-11-27T10:00:00Z'),
      createdAt: ts('2026-11-27T09:00:00Z'),
      updatedAt: ts('2026-11-27T10:00:00Z'),
    });
    expect(doc).toMatchObject({ amountCents: 47_500, currency: 'usd', mode: 'test', reviewReason: null });
    expect(() => paymentDocSchema.parse({ purpose: 'deposit', status: 'succeeded', amountCents: 475.5 })).toThrow();
  });
});
