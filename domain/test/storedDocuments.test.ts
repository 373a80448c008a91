import { describe, expect, it } from 'vitest';
import {
  contactDocSchema,
  emailLogDocSchema,
  invoiceDocSchema,
  leadActivityDocSchema,
  leadDocSchema,
  newLeadRecord,
  noteDocSchema,
  newProjectRecord,
  outboxDocSchema,
  paymentRequestDocSchema,
  projectDocSchema,
  promoCodeDocSchema,
  promoRecordOf,
  quoteLinkDocSchema,
  type LeadRecord,
} from '../src/index.js';

const ts = (iso: string) => ({ toDate: () => new Date(iso) });

describe('quoteLinkDocSchema', () => {
  it('reads a stored link, timestamps as Dates, extra fields ignored', () => {
    const link = quoteLinkDocSchema.parse({
      leadId: 'L1',
      quoteVersion: 2,
      expiresAt: ts('2026-04-01T00:00:00Z'),
      usedAt: null,
      revokedAt: ts('2026-03-05T00:00:00Z'),
      createdBy: 'admin',
      createdAt: ts('2026-03-01T00:00:00Z'),
      stray: 'not modelled',
    });
    expect(link).toEqual({
      leadId: 'L1',
      quoteVersion: 2,
      expiresAt: new Date('2026-04-01T00:00:00Z'),
      usedAt: null,
      revokedAt: new Date('2026-03-05T00:00:00Z'),
      createdBy: 'admin',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
  });

  it('refuses a link without a lead or with a non-timestamp expiry', () => {
    expect(
      quoteLinkDocSchema.safeParse({
        quoteVersion: 1,
        expiresAt: ts('2026-04-01T00:00:00Z'),
        usedAt: null,
        revokedAt: null,
      }).success,
    ).toBe(false);
    expect(
      quoteLinkDocSchema.safeParse({
        leadId: 'L1',
        quoteVersion: 1,
        expiresAt: '2026-04-01',
        usedAt: null,
        revokedAt: null,
      }).success,
    ).toBe(false);
  });
});

describe('leadDocSchema', () => {
  const created = ts('2026-03-01T10:00:00Z');
  const updated = ts('2026-03-02T10:00:00Z');

  it('reads a lead as the contact form stores it (newLeadRecord), timestamps as Dates', () => {
    const stored = {
      ...newLeadRecord({
        name: 'Ada',
        email: 'ada@example.com',
        projectType: 'Web Project',
        subject: 'Shop',
        message: 'Hi',
      }),
      createdAt: created,
      updatedAt: updated,
    };
    const lead: LeadRecord = leadDocSchema.parse(stored);
    expect(lead).toEqual({ ...stored, createdAt: created.toDate(), updatedAt: updated.toDate() });
  });

  it('reads an accepted, paid lead with the fields the server adds, dropping fields it does not model', () => {
    const lead = leadDocSchema.parse({
      name: 'Ava',
      email: 'ava@example.com',
      phone: '555-0100',
      projectType: 'Brand/Logo Design',
      subject: 'Logo',
      message: 'Hello',
      status: 'Production',
      quoteAmountCents: 400_000,
      depositAmountCents: 200_000,
      finalAmountCents: 200_000,
      estimatedHours: 40,
      complexity: 'Medium',
      hasProjectPlan: true,
      quoteGenerated: true,
      quoteReviewStatus: 'Approved',
      forceDeposit: true,
      quoteAccepted: true,
      includeServicePlan: true,
      servicePlanType: 'Hosting',
      notes: '',
      deadReason: null,
      generatedQuoteDetails: '{"phases":[]}',
      hourlyRateCents: 10_000,
      quoteVersion: 2,
      stripeDepositPaymentId: 'pi_1',
      depositPaidAt: ts('2026-03-03T00:00:00Z'),
      phase1: 'Discovery',
      createdAt: created,
      updatedAt: updated,
      someFutureField: 'x',
    });
    expect(lead.depositPaidAt).toEqual(new Date('2026-03-03T00:00:00Z'));
    expect(lead.quoteVersion).toBe(2);
    expect(lead.phase1).toBe('Discovery');
    expect('someFutureField' in lead).toBe(false);
  });

  it('reads the accepted quote that payments charge, a malformed one as null, and the Stripe Customer', () => {
    const acceptedQuote = {
      version: 2,
      quoteAmountCents: 400_000,
      depositAmountCents: 200_000,
      finalAmountCents: 200_000,
    };
    const stored = { name: 'Ava', status: 'Set Up', quoteAccepted: true, stripeCustomerId: 'cus_1' };
    expect(leadDocSchema.parse({ ...stored, acceptedQuote })).toMatchObject({
      acceptedQuote,
      stripeCustomerId: 'cus_1',
    });
    // Payments then fall back to the lead's own amounts (payments.ts acceptedQuoteOf), never charge a bad one.
    expect(
      leadDocSchema.parse({ ...stored, acceptedQuote: { ...acceptedQuote, depositAmountCents: -1 } }).acceptedQuote,
    ).toBeNull();
    expect(
      leadDocSchema.parse({ ...stored, acceptedQuote: { ...acceptedQuote, quoteAmountCents: 1.5 } }).acceptedQuote,
    ).toBeNull();
    expect(leadDocSchema.parse(stored).acceptedQuote).toBeUndefined();
  });

  it('reads where a lead was before a failed payment, and refuses a status that is not one', () => {
    const stored = { name: 'Ava', status: 'Payment Failed', statusBeforePaymentFailed: 'Set Up' };
    expect(leadDocSchema.parse(stored).statusBeforePaymentFailed).toBe('Set Up');
    expect(leadDocSchema.safeParse({ ...stored, statusBeforePaymentFailed: 'Paid' }).success).toBe(false);
  });

  it('reads a sparse lead with the defaults toLeadDto uses (older records, console edits)', () => {
    const lead = leadDocSchema.parse({ name: 'Sched', status: 'Launch', createdAt: created });
    expect(lead).toMatchObject({
      email: '',
      phone: null,
      projectType: 'Web Project',
      subject: '',
      notes: '',
      quoteAmountCents: null,
      quoteAccepted: false,
      forceDeposit: true,
      quoteReviewStatus: null,
      createdAt: created.toDate(),
      updatedAt: created.toDate(),
    });
    expect(leadDocSchema.parse({ name: 'No dates', status: 'New', email: null }).createdAt).toEqual(new Date(0));
  });

  it('refuses a lead with a wrong type, an unknown status, or no name', () => {
    const ok = { name: 'Ada', status: 'New', createdAt: created };
    expect(leadDocSchema.safeParse(ok).success).toBe(true);
    expect(leadDocSchema.safeParse({ ...ok, quoteAmountCents: '4000' }).success).toBe(false);
    expect(leadDocSchema.safeParse({ ...ok, createdAt: '2026-03-01' }).success).toBe(false);
    expect(leadDocSchema.safeParse({ ...ok, status: 'Pending' }).success).toBe(false);
    expect(leadDocSchema.safeParse({ status: 'New' }).success).toBe(false);
  });
});

describe('projectDocSchema', () => {
  it('reads a project as the CRM stores it (newProjectRecord)', () => {
    const stored = {
      ...newProjectRecord({
        leadId: 'L1',
        name: 'Shop',
        client: 'Ada',
        projectType: 'Web Project',
        description: '',
        priority: 'High',
        estimatedHours: 40,
      }),
      startDate: null,
      createdAt: ts('2026-03-01T00:00:00Z'),
    };
    expect(projectDocSchema.parse(stored)).toEqual({
      leadId: 'L1',
      canceledFrom: null,
      countersignPending: null,
      name: 'Shop',
      client: 'Ada',
      projectType: 'Web Project',
      description: '',
      status: 'Set up',
      priority: 'High',
      estimatedHours: 40,
      deploymentUrl: null,
      domainUrl: null,
      handoffType: null,
      launchDate: null,
      maintenanceSubscriptionPaid: false,
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
  });

  it('reads a sparse project with defaults, and refuses a wrong type or unknown status', () => {
    const sparse = { leadId: 'L1', name: 'Sched', status: 'Launch', launchDate: ts('2026-03-01T00:00:00Z') };
    expect(projectDocSchema.parse(sparse)).toMatchObject({
      client: '',
      priority: 'Medium',
      maintenanceSubscriptionPaid: false,
      createdAt: null,
      launchDate: new Date('2026-03-01T00:00:00Z'),
    });
    expect(projectDocSchema.safeParse({ ...sparse, launchDate: 1_772_000_000_000 }).success).toBe(false);
    expect(projectDocSchema.safeParse({ ...sparse, status: 'Shipped' }).success).toBe(false);
  });
});

describe('invoiceDocSchema and paymentRequestDocSchema', () => {
  const invoice = {
    leadId: 'L1',
    number: 'INV-2026-0007',
    email: 'ava@example.com',
    clientName: 'Ava',
    amountCents: 150_000,
    currency: 'usd',
    description: 'Extra work',
    issuedAt: ts('2026-03-01T00:00:00Z'),
    dueDate: ts('2026-03-15T00:00:00Z'),
    status: 'open',
    checkoutUrl: '/checkout?amount=1500.00',
    createdBy: 'admin',
    createdAt: ts('2026-03-01T00:00:00Z'),
    updatedAt: ts('2026-03-01T00:00:00Z'),
  };

  it('reads an open invoice as createInvoice stores it, payment fields (not yet written) as null', () => {
    expect(invoiceDocSchema.parse(invoice)).toEqual({
      leadId: 'L1',
      number: 'INV-2026-0007',
      email: 'ava@example.com',
      clientName: 'Ava',
      amountCents: 150_000,
      // Stored without tax fields (as before tax existed): read as null.
      subtotalCents: null,
      taxCents: null,
      taxRateBps: null,
      taxLabel: null,
      description: 'Extra work',
      issuedAt: new Date('2026-03-01T00:00:00Z'),
      dueDate: new Date('2026-03-15T00:00:00Z'),
      status: 'open',
      createdAt: new Date('2026-03-01T00:00:00Z'),
      createdBy: 'admin',
      updatedAt: new Date('2026-03-01T00:00:00Z'),
      closedAt: null,
      paidAt: null,
      paymentIntentId: null,
      checkoutUrl: '/checkout?amount=1500.00',
      // No ledger entry yet: no sums.
      ledgerCents: {},
      // Made before lines: no lines, parties or note kept; its currency reads as USD.
      lines: null,
      taxBreakdown: null,
      currency: 'USD',
      supplyDate: null,
      taxTreatment: null,
      taxNote: null,
      seller: null,
      buyer: null,
    });
  });

  it('reads an invoice made before numbering, and refuses a wrong type or status', () => {
    const { number: _n, ...unnumbered } = invoice;
    expect(invoiceDocSchema.parse(unnumbered).number).toBeUndefined();
    expect(invoiceDocSchema.safeParse({ ...invoice, amountCents: '1500.00' }).success).toBe(false);
    expect(invoiceDocSchema.safeParse({ ...invoice, status: 'voided' }).success).toBe(false);
    expect(invoiceDocSchema.parse({ ...invoice, status: 'void' }).status).toBe('void');
  });

  it('reads a paid payment request with its purpose, and refuses one without', () => {
    const request = {
      ...invoice,
      purpose: 'deposit',
      status: 'paid',
      paymentIntentId: 'pi_1',
      paidAt: ts('2026-03-02T00:00:00Z'),
    };
    expect(paymentRequestDocSchema.parse(request)).toMatchObject({
      purpose: 'deposit',
      status: 'paid',
      paymentIntentId: 'pi_1',
      paidAt: new Date('2026-03-02T00:00:00Z'),
    });
    expect(paymentRequestDocSchema.safeParse({ ...request, purpose: undefined }).success).toBe(false);
  });
});

describe('promoCodeDocSchema and promoRecordOf', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('reads a code as createPromo stores it, counting only the holds still active', () => {
    const stored = promoCodeDocSchema.parse({
      code: 'SPRING10',
      discountType: 'fixed',
      discountValue: 1_000,
      minOrderAmountCents: 5_000,
      maxDiscountAmountCents: null,
      usageLimit: 5,
      usedCount: 2,
      isActive: true,
      onePerCustomer: true,
      validFrom: ts('2026-02-01T00:00:00Z'),
      validUntil: ts('2026-04-01T00:00:00Z'),
      createdAt: ts('2026-02-01T00:00:00Z'),
      updatedAt: ts('2026-02-02T00:00:00Z'),
      holds: {
        live: { expiresAtMs: now.getTime() + 60_000, customer: 'c1' },
        lapsed: { expiresAtMs: now.getTime() - 1, customer: 'c2' },
        broken: { customer: 'c3' },
      },
    });
    expect(Object.keys(stored.holds)).toEqual(['live', 'lapsed']);
    expect(promoRecordOf('SPRING10', stored)).toEqual({
      code: 'SPRING10',
      discountType: 'fixed',
      discountValue: 1_000,
      minOrderAmountCents: 5_000,
      maxDiscountAmountCents: null,
      usageLimit: 5,
      usedCount: 2,
      isActive: true,
      onePerCustomer: true,
      reservedCount: 2, // a hold counts until released, even past its time
      validFrom: new Date('2026-02-01T00:00:00Z'),
      validUntil: new Date('2026-04-01T00:00:00Z'),
      createdAt: new Date('2026-02-01T00:00:00Z'),
      updatedAt: new Date('2026-02-02T00:00:00Z'),
      lastReservedAt: null,
      lastRedeemedAt: null,
    });
  });

  it('reads a sparse code with its defaults, the code falling back to the document id', () => {
    expect(promoRecordOf('OLD', promoCodeDocSchema.parse({}))).toEqual({
      code: 'OLD',
      discountType: 'percentage',
      discountValue: 0,
      minOrderAmountCents: null,
      maxDiscountAmountCents: null,
      usageLimit: null,
      usedCount: 0,
      isActive: false,
      onePerCustomer: false,
      reservedCount: 0,
      validFrom: new Date(0),
      validUntil: null,
      createdAt: null,
      updatedAt: null,
      lastReservedAt: null,
      lastRedeemedAt: null,
    });
  });

  it('refuses a field present with the wrong type', () => {
    expect(promoCodeDocSchema.safeParse({ usedCount: '2' }).success).toBe(false);
    expect(promoCodeDocSchema.safeParse({ discountType: 'half' }).success).toBe(false);
    expect(promoCodeDocSchema.safeParse({ validFrom: '2026-01-01' }).success).toBe(false);
  });
});

describe('noteDocSchema and leadActivityDocSchema', () => {
  it('reads a note, its createdAt null until the server has stamped it', () => {
    expect(
      noteDocSchema.parse({ leadId: 'L1', content: 'Called back', createdAt: ts('2026-03-01T10:00:00Z') }),
    ).toEqual({ leadId: 'L1', content: 'Called back', createdAt: new Date('2026-03-01T10:00:00Z') });
    expect(noteDocSchema.parse({ leadId: 'L1', content: 'Pending' }).createdAt).toBeNull();
    expect(noteDocSchema.safeParse({ leadId: 'L1', content: 42 }).success).toBe(false);
  });

  it('reads an activity entry as recordActivity writes it, and refuses one without its author', () => {
    const entry = { leadId: 'L1', type: 'status_changed', from: 'New', to: 'Quoted', detail: null, by: 'admin' };
    expect(leadActivityDocSchema.parse({ ...entry, at: ts('2026-03-01T10:00:00Z') })).toEqual({
      ...entry,
      at: new Date('2026-03-01T10:00:00Z'),
      expireAt: null,
    });
    expect(leadActivityDocSchema.parse({ leadId: 'L1', type: 'created', by: 'client' })).toMatchObject({
      from: null,
      to: null,
      detail: null,
      at: null,
    });
    expect(leadActivityDocSchema.safeParse({ ...entry, by: undefined }).success).toBe(false);
  });
});

describe('contactDocSchema and emailLogDocSchema', () => {
  it('reads a contact message as the contact form stores it, and refuses one without a name', () => {
    const contact = {
      name: 'Ava',
      email: 'ava@example.com',
      phone: null,
      projectType: 'Web Project',
      subject: 'A site',
      message: 'Hello',
      leadId: 'L1',
      createdAt: ts('2026-03-01T00:00:00Z'),
    };
    expect(contactDocSchema.parse(contact)).toEqual({ ...contact, createdAt: new Date('2026-03-01T00:00:00Z') });
    expect(contactDocSchema.safeParse({ ...contact, name: 42 }).success).toBe(false);
  });

  it('reads a delivery log entry, fields it lacks as null', () => {
    expect(emailLogDocSchema.parse({ to: 'ava@example.com', at: ts('2026-03-01T00:00:00Z') })).toEqual({
      templateId: null,
      to: 'ava@example.com',
      from: null,
      subject: null,
      html: null,
      attachments: [],
      deliveryStatus: null,
      deliveryError: null,
      at: new Date('2026-03-01T00:00:00Z'),
      expireAt: null,
    });
  });
});

describe('outboxDocSchema', () => {
  it('reads an entry as enqueueEmail writes it, fields it lacks with their defaults', () => {
    const entry = outboxDocSchema.parse({
      to: 'ada@example.com',
      templateId: 'invoice',
      variables: { name: 'Ada' },
      leadId: 'lead-1',
      attachments: [{ kind: 'invoice', id: 'inv-1' }],
      status: 'PENDING',
      attempts: 0,
      lastError: null,
      nextAttemptAt: ts('2026-11-26T10:00:00Z'),
      createdAt: ts('2026-11-26T10:00:00Z'),
      updatedAt: ts('2026-11-26T10:00:00Z'),
      claimedAt: ts('2026-11-26T10:00:00Z'),
      retired: 'a field no schema names',
    });
    expect(entry).toMatchObject({
      attachments: [{ kind: 'invoice', id: 'inv-1' }],
      nextAttemptAt: new Date('2026-11-26T10:00:00Z'),
      leaseUntil: null,
      sentAt: null,
    });
    expect(entry).toMatchObject({ claimedAt: new Date('2026-11-26T10:00:00Z'), expireAt: null });
    // A field the schema does not name is dropped on read (and refused on write: functions converter.ts).
    expect(entry).not.toHaveProperty('retired');
    expect(outboxDocSchema.parse({ to: 'a@b.c', templateId: 'raw', status: 'ERROR' })).toMatchObject({
      variables: {},
      attachments: [],
      attempts: 0,
      leadId: null,
    });
  });

  it('refuses an unknown status, a variable that is not text, or an attachment of an unknown kind', () => {
    const ok = { to: 'a@b.c', templateId: 'invoice', status: 'PENDING' };
    expect(outboxDocSchema.safeParse({ ...ok, status: 'SENT' }).success).toBe(false);
    expect(outboxDocSchema.safeParse({ ...ok, variables: { n: 5 } }).success).toBe(false);
    expect(outboxDocSchema.safeParse({ ...ok, attachments: [{ kind: 'contract', id: 'x' }] }).success).toBe(false);
    expect(outboxDocSchema.safeParse({ ...ok, templateId: undefined }).success).toBe(false);
  });
});
