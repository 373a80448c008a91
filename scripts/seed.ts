/**
 * Demo data for the emulators (npm start): the dev admin, about twenty leads
 * across every status with notes, a few projects and promo codes, and two
 * client portal (/portal) clients with shared files and messages (seedPortalClients).
 *
 * `npm run seed -- --leads N` then adds N synthetic leads (`bench-0001`…) across every status, written with
 * the Functions emulator's triggers paused and their projections made once (scripts/bulk-seed.ts), so that
 * a large seed leaves the emulators idle.
 *
 * Emulator only: it refuses to run unless both emulator hosts are set and the
 * project id starts with "demo-". The dev credentials exist nowhere else.
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import {
  AUTOMATION_SETTINGS_DOC,
  COLLECTIONS,
  DAY_MS as DAY,
  projectThreadId,
  requestId,
  DEFAULT_AUTOMATION_SETTINGS,
  newLeadRecord,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
  createInvoiceSchema,
  contactDocSchema,
  leadDocSchema,
  noteDocSchema,
  paymentDocSchema,
  promoCodeDocSchema,
  storedProjectDocSchema,
  type LeadRecord,
  type LeadStatus,
  type ProjectType,
  type StudioSettings,
} from '@studio/domain';
import { clientBillingFieldsSchema } from '@studio/domain/invoiceTax';
import { createAdminUser } from '../functions/src/features/auth/adminUsers.js';
import { createInvoice } from '../functions/src/features/payments/createInvoice.js';
import { rebuildLeadBoard } from '../functions/src/features/leads/leadBoardStore.js';
import { exitWithUsageIfAsked } from './usage.mjs';
import { syncPaymentRequests } from '../functions/src/features/billing/paymentRequests.js';
import { paymentEntryId, recordLedgerEntry } from '../functions/src/features/billing/ledger.js';
import { loadPdfKit, pdfBytes } from '../functions/src/platform/pdf/pdfKit.js';
import { storeLeadFile } from '../functions/src/features/lead-files/leadFiles.js';
import { messageActivity, writeMessage } from '../functions/src/features/messages/messageStore.js';
import { ownerThreadOf } from '../functions/src/features/messages/threads.js';
import { bucketFileStore } from '../functions/src/platform/fileStorage.js';
import { checkedDoc, type StoredWrite } from '../functions/src/platform/converter.js';
import { DEV_ADMIN } from './dev-admin.js';
import { seedSyntheticLeads } from './bulk-seed.js';

interface SeedLead {
  name: string;
  email: string;
  projectType: ProjectType;
  subject: string;
  message: string;
  status: LeadStatus;
  daysAgo: number;
  quoteCents?: number;
  review?: LeadRecord['quoteReviewStatus'];
  deadReason?: string;
  notes: string[];
}

const LEADS: SeedLead[] = [
  {
    name: 'Maya Chen',
    email: 'maya@brightleaf.example',
    projectType: 'Web Project',
    subject: 'New bakery website',
    message: 'We need a site with online ordering for our two bakeries.',
    status: 'New',
    daysAgo: 0,
    notes: [],
  },
  {
    name: 'Omar Haddad',
    email: 'omar@haddadlaw.example',
    projectType: 'Web Project',
    subject: 'Law firm site refresh',
    message: 'Our site is ten years old and not mobile friendly.',
    status: 'New',
    daysAgo: 1,
    notes: ['Referred by Maya Chen.'],
  },
  {
    name: 'Lena Fischer',
    email: 'lena@nordkaffee.example',
    projectType: 'Brand/Logo Design',
    subject: 'Coffee roastery logo',
    message: 'Looking for a logo and packaging system for a small roastery.',
    status: 'New',
    daysAgo: 2,
    notes: [],
  },
  {
    name: 'Diego Ramos',
    email: 'diego@ramosfit.example',
    projectType: 'AI Automation',
    subject: 'Automate class bookings',
    message: 'Can AI handle booking questions on WhatsApp for my gym?',
    status: 'New',
    daysAgo: 3,
    notes: [],
  },
  {
    name: 'Priya Nair',
    email: 'priya@lotushealth.example',
    projectType: 'Product Design',
    subject: 'Patient intake app',
    message: 'Design a calm, accessible intake flow for a clinic.',
    status: 'Contacted',
    daysAgo: 5,
    notes: ['Intro call done; wants a proposal by Friday.'],
  },
  {
    name: 'Tom Becker',
    email: 'tom@beckerbikes.example',
    projectType: 'Web Project',
    subject: 'Bike shop with repairs booking',
    message: 'Shop site plus a repair booking calendar and Stripe deposits.',
    status: 'Contacted',
    daysAgo: 6,
    notes: ['Needs payment integration for deposits.'],
  },
  {
    name: 'Aiko Tanaka',
    email: 'aiko@tanakatea.example',
    projectType: 'Brand/Logo Design',
    subject: 'Tea brand identity',
    message: 'Full identity for a tea subscription brand.',
    status: 'Contacted',
    daysAgo: 8,
    notes: [],
  },
  {
    name: 'Grace Okafor',
    email: 'grace@okaforevents.example',
    projectType: 'Web Project',
    subject: 'Events portfolio',
    message: 'Portfolio site with a gallery and an inquiry form.',
    status: 'Quoted',
    daysAgo: 10,
    quoteCents: 380000,
    review: 'Pending',
    notes: ['Plan sent for review.'],
  },
  {
    name: 'Lucas Martin',
    email: 'lucas@martinarch.example',
    projectType: 'Product Design',
    subject: 'Architecture client portal',
    message: 'A portal where clients see drawings and approve changes.',
    status: 'Quoted',
    daysAgo: 12,
    quoteCents: 880000,
    review: 'Approved',
    notes: ['Quote approved internally; waiting on client.'],
  },
  {
    name: 'Sofia Rossi',
    email: 'sofia@rossiwines.example',
    projectType: 'Web Project',
    subject: 'Winery shop',
    message: 'Online wine shop with age check and shipping zones.',
    status: 'Set Up',
    daysAgo: 18,
    quoteCents: 620000,
    review: 'Approved',
    notes: ['Deposit invoice sent.'],
  },
  {
    name: 'Ben Carter',
    email: 'ben@carterplumbing.example',
    projectType: 'AI Automation',
    subject: 'Quote-request assistant',
    message: 'Automate first replies to quote requests.',
    status: 'Set Up',
    daysAgo: 20,
    quoteCents: 520000,
    review: 'Approved',
    notes: [],
  },
  {
    name: 'Hannah Weiss',
    email: 'hannah@weissdental.example',
    projectType: 'Web Project',
    subject: 'Dental practice site',
    message: 'Booking, services and team pages.',
    status: 'Production',
    daysAgo: 30,
    quoteCents: 450000,
    review: 'Approved',
    notes: ['Design approved; building pages.'],
  },
  {
    name: 'Kwame Mensah',
    email: 'kwame@mensahmedia.example',
    projectType: 'Product Design',
    subject: 'Podcast app redesign',
    message: 'Redesign of our listening app.',
    status: 'Production',
    daysAgo: 34,
    quoteCents: 990000,
    review: 'Approved',
    notes: [],
  },
  {
    name: 'Elena Petrova',
    email: 'elena@petrovastudio.example',
    projectType: 'Web Project',
    subject: 'Photography studio site',
    message: 'Fast gallery-first site.',
    status: 'Launch',
    daysAgo: 45,
    quoteCents: 300000,
    review: 'Approved',
    notes: ['Launched; countdown running.'],
  },
  {
    name: 'Noah Williams',
    email: 'noah@williamsco.example',
    projectType: 'Brand/Logo Design',
    subject: 'Consultancy rebrand',
    message: 'Logo, colours and templates.',
    status: 'Complete',
    daysAgo: 60,
    quoteCents: 250000,
    review: 'Approved',
    notes: ['Paid in full.'],
  },
  {
    name: 'Isabel Duarte',
    email: 'isabel@duartefoods.example',
    projectType: 'Web Project',
    subject: 'Restaurant menu site',
    message: 'Menu, reservations and events.',
    status: 'Complete',
    daysAgo: 75,
    quoteCents: 200000,
    review: 'Approved',
    notes: [],
  },
  {
    name: 'Jack Turner',
    email: 'jack@turnerhomes.example',
    projectType: 'Web Project',
    subject: 'Builder landing page',
    message: 'One page with a contact form.',
    status: 'Lost',
    daysAgo: 40,
    deadReason: 'No Response',
    notes: [],
  },
  {
    name: 'Test Lead',
    email: 'test@example.com',
    projectType: 'Web Project',
    subject: 'Testing the form',
    message: 'Please ignore.',
    status: 'Lost',
    daysAgo: 41,
    deadReason: 'Test Data',
    notes: [],
  },
  {
    name: 'Chloe Dubois',
    email: 'chloe@duboisyoga.example',
    projectType: 'AI Automation',
    subject: 'Yoga class reminders',
    message: 'Automated reminders and waitlist.',
    status: 'Payment Failed',
    daysAgo: 25,
    quoteCents: 180000,
    review: 'Approved',
    notes: ['Card declined on deposit.'],
  },
  {
    name: 'Victor Lindqvist',
    email: 'victor@lindqvist.example',
    projectType: 'Web Project',
    subject: 'Hosting renewal',
    message: 'Hosting plan lapsed.',
    status: 'Subscription Expired',
    daysAgo: 200,
    quoteCents: 150000,
    review: 'Approved',
    notes: [],
  },
  {
    name: 'Amara Singh',
    email: 'amara@singhdesign.example',
    projectType: 'Product Design',
    subject: 'Design system',
    message: 'Component library for our SaaS.',
    status: 'Deposit',
    daysAgo: 15,
    quoteCents: 700000,
    review: 'Approved',
    notes: ['Deposit invoice open.'],
  },
  {
    name: 'Leo Novak',
    email: 'leo@novakauto.example',
    projectType: 'Web Project',
    subject: 'Garage site',
    message: 'Services and booking.',
    status: 'Won',
    daysAgo: 90,
    quoteCents: 350000,
    review: 'Approved',
    notes: [],
  },
];

function deadLine(reason: string, at: Date): string {
  return `Dead Reason: ${reason} - ${at.toLocaleDateString('en-US')}`;
}

/** Pipeline stages whose quote was accepted, and which of its payments a lead there has made. */
const ACCEPTED_STAGES: Partial<Record<LeadStatus, Array<'deposit' | 'final'>>> = {
  'Set Up': [],
  Deposit: [],
  'Payment Failed': [],
  Production: ['deposit'],
  Launch: ['deposit'],
  Complete: ['deposit', 'final'],
  Won: ['deposit', 'final'],
  'Subscription Expired': ['deposit', 'final'],
};

/**
 * A seeded lead's accepted quote and the payments its stage implies, as the
 * checkout would have left them: each payment's `payments` record and its
 * ledger entry (domain billing.ts) in `batch`, and the lead's fields. So the
 * demo's books balance (npm run books:check) and My Project offers what is
 * really due.
 */
function seedPayments(
  batch: WriteBatch,
  db: Firestore,
  leadId: string,
  l: SeedLead,
  created: Date,
  now: number,
): { leadFields: Record<string, unknown> } {
  const stages = ACCEPTED_STAGES[l.status];
  if (l.quoteCents == null || !stages) return { leadFields: {} };
  const deposit = Math.round(l.quoteCents / 2);
  const amounts = { deposit, final: l.quoteCents - deposit };
  const leadFields: Record<string, unknown> = {
    quoteAccepted: true,
    quoteAcceptedAt: Timestamp.fromMillis(created.getTime() + 2 * DAY),
    acceptedQuote: {
      version: null,
      quoteAmountCents: l.quoteCents,
      depositAmountCents: deposit,
      finalAmountCents: amounts.final,
    },
  };
  stages.forEach((purpose, i) => {
    const pi = `pi_seed_${leadId}_${purpose}`;
    const paidAt = Timestamp.fromMillis(
      Math.min(now, created.getTime() + (i === 0 ? 3 : Math.max(4, l.daysAgo - 5)) * DAY),
    );
    const description = `${purpose === 'deposit' ? '50% deposit' : 'Final payment'}: ${l.subject}`;
    batch.set(
      db.collection(COLLECTIONS.payments).doc(pi),
      checkedDoc(paymentDocSchema, {
        purpose,
        leadId,
        invoiceId: null,
        orderId: null,
        amountCents: amounts[purpose],
        amountReceivedCents: amounts[purpose],
        currency: 'usd',
        description,
        mode: 'test',
        status: 'succeeded',
        paidAt,
        createdAt: paidAt,
        updatedAt: paidAt,
      }),
    );
    recordLedgerEntry(
      db,
      batch,
      paymentEntryId(pi),
      {
        type: 'payment',
        amountCents: amounts[purpose],
        currency: 'usd',
        document: { kind: 'request', id: requestId(leadId, purpose) },
        documentNumber: null,
        leadId,
        customerEmail: l.email,
        customerName: l.name,
        paymentIntentId: pi,
        by: 'seed',
        // The request is issued after (syncPaymentRequests below), with the sums of the entries already there.
        keep: { document: false, paymentEntry: false },
      },
      paidAt.toDate(),
    );
    leadFields[purpose === 'deposit' ? 'stripeDepositPaymentId' : 'stripeFinalPaymentId'] = pi;
    leadFields[purpose === 'deposit' ? 'depositPaidAt' : 'finalPaidAt'] = paidAt;
  });
  return { leadFields };
}

async function seedLeads(db: Firestore, now: number): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const batch = db.batch();
  for (const l of LEADS) {
    const created = new Date(now - l.daysAgo * DAY);
    const ref = db.collection('leads').doc();
    ids.set(l.email, ref.id);
    const noteLines = [...l.notes, ...(l.deadReason ? [deadLine(l.deadReason, created)] : [])];
    const deposit = l.quoteCents != null ? Math.round(l.quoteCents / 2) : null;
    const paid = seedPayments(batch, db, ref.id, l, created, now);
    batch.set(
      ref,
      checkedDoc(leadDocSchema, {
        ...newLeadRecord(l),
        ...paid.leadFields,
        status: l.status,
        quoteAmountCents: l.quoteCents ?? null,
        depositAmountCents: deposit,
        finalAmountCents: l.quoteCents != null && deposit != null ? l.quoteCents - deposit : null,
        quoteGenerated: l.quoteCents != null,
        hasProjectPlan: l.quoteCents != null,
        quoteReviewStatus: l.review ?? null,
        deadReason: l.deadReason ?? null,
        notes: noteLines.join('\n'),
        source: 'seed',
        // A private person in the studio's country, or the EU business client (EU_CLIENT): an invoice names the
        // buyer's country (EN 16931 BR-11), so their payment requests are e-invoices too, taxed as their invoices.
        // Stored with the lead, so it stays unchanged since it was created (the board's needs-attention flag reads
        // that) and is there before the leads trigger issues a request.
        billing: clientBillingFieldsSchema.parse(
          l.email === EU_CLIENT.email ? EU_CLIENT.billing : { country: SEED_STUDIO.country },
        ),
        createdAt: Timestamp.fromDate(created),
        updatedAt: Timestamp.fromDate(created),
      }),
    );
    l.notes.forEach((content, i) => {
      batch.set(
        db.collection('notes').doc(),
        checkedDoc(noteDocSchema, {
          leadId: ref.id,
          content,
          createdAt: Timestamp.fromMillis(created.getTime() + (i + 1) * 60 * 60 * 1000),
        }),
      );
    });
    batch.set(
      db.collection('contacts').doc(),
      checkedDoc(contactDocSchema, {
        name: l.name,
        email: l.email,
        phone: null,
        projectType: l.projectType,
        subject: l.subject,
        message: l.message,
        leadId: ref.id,
        createdAt: Timestamp.fromDate(created),
      }),
    );
  }
  await batch.commit();
  return ids;
}

async function seedProjects(db: Firestore, leadIds: Map<string, string>, now: number): Promise<void> {
  const projects: Array<StoredWrite<typeof storedProjectDocSchema> & { email: string; launchedDaysAgo?: number }> = [
    {
      email: 'sofia@rossiwines.example',
      name: 'Rossi Wines shop',
      client: 'Sofia Rossi',
      projectType: 'Web Project',
      status: 'Set up',
      priority: 'Medium',
      estimatedHours: 60,
    },
    {
      email: 'hannah@weissdental.example',
      name: 'Weiss Dental website',
      client: 'Hannah Weiss',
      projectType: 'Web Project',
      status: 'Production',
      priority: 'Medium',
      estimatedHours: 45,
    },
    {
      email: 'kwame@mensahmedia.example',
      name: 'Mensah podcast app',
      client: 'Kwame Mensah',
      projectType: 'Product Design',
      status: 'Beta',
      priority: 'High',
      estimatedHours: 90,
      deploymentUrl: 'https://beta.mensahmedia.example',
    },
    {
      // A second project for the same client: the portal shows both (seedPortalClients).
      email: 'kwame@mensahmedia.example',
      name: 'Mensah Media show notes site',
      client: 'Kwame Mensah',
      projectType: 'Web Project',
      status: 'Set up',
      priority: 'Low',
      estimatedHours: 20,
    },
    {
      email: 'elena@petrovastudio.example',
      name: 'Petrova Studio site',
      client: 'Elena Petrova',
      projectType: 'Web Project',
      status: 'Launch',
      priority: 'Low',
      estimatedHours: 30,
      deploymentUrl: 'https://petrovastudio.example',
      launchedDaysAgo: 2,
      handoffType: 'domain',
      domainUrl: 'https://petrovastudio.example',
    },
    {
      email: 'noah@williamsco.example',
      name: 'Williams & Co rebrand',
      client: 'Noah Williams',
      projectType: 'Brand/Logo Design',
      status: 'Maintenance',
      priority: 'Medium',
      estimatedHours: 25,
      maintenanceSubscriptionPaid: true,
    },
  ];
  const batch = db.batch();
  for (const p of projects) {
    const { email, launchedDaysAgo, ...fields } = p;
    const at = Timestamp.fromMillis(now - 10 * DAY);
    batch.set(
      db.collection('projects').doc(),
      checkedDoc(storedProjectDocSchema, {
        leadId: leadIds.get(email) ?? null,
        description: `${p.projectType} for ${p.client}.`,
        actualHours: null,
        startDate: at,
        dueDate: Timestamp.fromMillis(now + 30 * DAY),
        completedDate: null,
        deploymentUrl: null,
        launchDate: launchedDaysAgo != null ? Timestamp.fromMillis(now - launchedDaysAgo * DAY) : null,
        domainUrl: null,
        handoffType: null,
        maintenanceSubscriptionPaid: false,
        notes: '',
        ...fields,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  await batch.commit();
}

/** A one-page demo PDF titled `title` (a shared file's bytes). */
async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
  const bytes = pdfBytes(doc);
  doc.fontSize(20).text(title).moveDown().fontSize(11).text(lines.join('\n'));
  doc.end();
  return bytes;
}

/** The two demo portal clients: Kwame Mensah (two projects, files, messages) and Hannah Weiss (one of each). */
const PORTAL_CLIENTS = [
  {
    email: 'kwame@mensahmedia.example',
    files: [
      { name: 'Podcast app wireframes.pdf', visibleToClient: true },
      { name: 'Internal estimate.pdf', visibleToClient: false },
    ],
    messages: [
      {
        thread: 'general',
        from: 'owner',
        text: 'Welcome to your portal, Kwame: your projects, invoices and files are all here.',
      },
      { thread: 'general', from: 'client', text: 'Thanks! Could the app get a dark mode before launch?' },
      {
        thread: 'Mensah podcast app',
        from: 'owner',
        text: 'The beta is up at https://beta.mensahmedia.example. Tell us what you think.',
      },
    ],
  },
  {
    email: 'hannah@weissdental.example',
    files: [{ name: 'Homepage design.pdf', visibleToClient: true }],
    messages: [{ thread: 'general', from: 'owner', text: 'The homepage design is in your files, ready for review.' }],
  },
] as const;

/**
 * Seeds the client portal for PORTAL_CLIENTS, through the server's own code: each file's bytes in the Cloud
 * Storage stand-in (STORAGE_EMULATOR_HOST) and its record (storeLeadFile), each message with its thread and
 * unread counts (writeMessage, without notice emails: nobody is told of demo data). A client signs in on
 * /portal with their address; the link is on the Auth emulator's page.
 */
async function seedPortalClients(app: App, db: Firestore, leadIds: Map<string, string>): Promise<void> {
  const bucket = getStorage(app).bucket(process.env.FILES_BUCKET ?? `${app.options.projectId}.firebasestorage.app`);
  const files = bucketFileStore(() => bucket);
  const admin = { uid: 'seed', username: DEV_ADMIN.username };
  for (const c of PORTAL_CLIENTS) {
    const leadId = leadIds.get(c.email);
    if (!leadId) throw new Error(`seed: no lead for ${c.email}`);
    for (const f of c.files) {
      const pdf = await demoPdf(f.name.replace(/\.pdf$/, ''), ['Northwind Studio demo file.']);
      await storeLeadFile(
        { db, files },
        leadId,
        {
          name: f.name,
          contentType: 'application/pdf',
          dataBase64: pdf.toString('base64'),
          visibleToClient: f.visibleToClient,
        },
        admin,
      );
    }
    const projects = await db.collection(COLLECTIONS.projects).where('leadId', '==', leadId).get();
    for (const m of c.messages) {
      const project = projects.docs.find((p) => p.get('name') === m.thread);
      const { thread } = await ownerThreadOf({ db }, leadId, project ? projectThreadId(project.id) : 'general');
      const by = m.from === 'owner' ? admin.username : 'client';
      await writeMessage(db, {
        threadId: thread.id,
        thread,
        from: m.from,
        by,
        text: m.text,
        email: null,
        activity: messageActivity(m.from, thread.title, by),
      });
    }
  }
}

async function seedPromoCodes(db: Firestore, now: number): Promise<void> {
  // discountValue: whole percent for "percentage", cents for "fixed".
  const codes: Array<StoredWrite<typeof promoCodeDocSchema> & { code: string }> = [
    {
      code: 'WELCOME10',
      discountType: 'percentage',
      discountValue: 10,
      usageLimit: null,
      usedCount: 3,
      isActive: true,
      validUntil: null,
    },
    {
      code: 'SPRING50',
      discountType: 'fixed',
      discountValue: 5000,
      usageLimit: 20,
      usedCount: 20,
      isActive: true,
      validUntil: Timestamp.fromMillis(now + 30 * DAY),
    },
    {
      code: 'OLDPROMO',
      discountType: 'percentage',
      discountValue: 25,
      usageLimit: 5,
      usedCount: 1,
      isActive: false,
      validUntil: Timestamp.fromMillis(now - 10 * DAY),
    },
  ];
  const batch = db.batch();
  for (const c of codes) {
    const at = Timestamp.fromMillis(now - 60 * DAY);
    batch.set(
      db.collection('promo_codes').doc(c.code),
      checkedDoc(promoCodeDocSchema, {
        ...c,
        minOrderAmountCents: null,
        maxDiscountAmountCents: null,
        validFrom: at,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  await batch.commit();
}

/** The demo leads' addresses: the seed's own documents are theirs. */
export const SEED_LEAD_EMAILS: readonly string[] = LEADS.map((l) => l.email);

/** The demo client billed as a business in another EU member state: its VAT id is made up (valid format). */
const EU_CLIENT = {
  email: 'sofia@rossiwines.example',
  billing: { company: 'Rossi Vini S.r.l.', address: 'Via Roma 12\n53100 Siena', country: 'IT', taxId: 'IT02468130584' },
};

/**
 * An invoice of several lines to the demo's EU business client (its billing fields are stored with its
 * lead), issued as the admin issues one (createInvoice): reverse-charged at 0% with its note, as the studio
 * and the client are in different member states.
 */
async function seedInvoices(db: Firestore, leadIds: Map<string, string>, now: number): Promise<void> {
  const leadId = leadIds.get(EU_CLIENT.email);
  if (!leadId) throw new Error(`seed: no lead ${EU_CLIENT.email}`);
  const clock = () => new Date(now);
  const input = createInvoiceSchema.parse({
    leadId,
    description: 'Winery shop: design sprint and first month of hosting',
    supplyDate: new Date(now - 3 * DAY).toISOString().slice(0, 10),
    lines: [
      {
        description: 'Design sprint: shop and age check',
        quantity: '12.5',
        unit: 'HUR',
        unitPrice: '90.00',
        taxRateBps: 0,
      },
      { description: 'Shipping zones set-up', quantity: '1', unit: 'LS', unitPrice: '450.00', taxRateBps: 0 },
      { description: 'Managed hosting', quantity: '1', unit: 'MON', unitPrice: '25.00', taxRateBps: 0 },
    ],
  });
  await createInvoice({ db }, input, { uid: 'seed', username: DEV_ADMIN.username }, clock);
}

/**
 * The demo studio's details (invoices, receipts). A VAT-registered studio in Ireland (an EU member state), so an
 * invoice to a business in another member state shows the reverse charge (seedInvoices). Its VAT id is made up,
 * valid in format and check letter only.
 */
export const SEED_STUDIO: StudioSettings = {
  businessName: 'Northwind Studio',
  postalAddress: '12 Harbour Street\nDublin 2, D02 X285\nIreland',
  contactEmail: 'hello@northwind-studio.example',
  taxId: 'IE2468135E',
  // No tax added by default: the owner sets the rate that applies to them (Settings). The tests run on this
  // seed and bill amounts as entered.
  taxRateBps: 0,
  taxLabel: 'VAT',
  legalName: 'Northwind Studio Limited',
  legalAddress: null,
  country: 'IE',
  vatRegistered: true,
  logoUrl: null,
  paymentTermsDays: 14,
  invoiceFooter: 'Thank you for your business. Questions about this invoice? Reply to any of our emails.',
  // The studio's clock: reminders go out at 09:00 here.
  timeZone: 'Europe/London',
};

/** The demo studio's details (SEED_STUDIO) and its reminders, all on with the default days. */
async function seedStudioSettings(db: Firestore): Promise<void> {
  await db
    .collection(SETTINGS_COLLECTION)
    .doc(STUDIO_SETTINGS_DOC)
    .set({ ...SEED_STUDIO, updatedBy: 'seed' });
}

async function seedAutomationSettings(db: Firestore): Promise<void> {
  const automations = Object.fromEntries(
    Object.entries(DEFAULT_AUTOMATION_SETTINGS).map(([k, v]) => [k, { ...v, enabled: true }]),
  );
  await db
    .collection(SETTINGS_COLLECTION)
    .doc(AUTOMATION_SETTINGS_DOC)
    .set({ ...automations, updatedBy: 'seed' });
}

/**
 * Seeds the running emulators, plus `bulkLeads` synthetic leads (seedSyntheticLeads) when above 0.
 * @throws when not pointed at demo emulators.
 */
export async function seed(bulkLeads = 0): Promise<void> {
  const projectId = process.env.GCLOUD_PROJECT ?? 'demo-studio';
  if (
    !process.env.FIRESTORE_EMULATOR_HOST ||
    !process.env.FIREBASE_AUTH_EMULATOR_HOST ||
    !projectId.startsWith('demo-')
  ) {
    throw new Error(
      'seed: refusing to run outside the emulators (set FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST, demo- project).',
    );
  }
  const app = initializeApp({ projectId }, 'seed');
  const db = getFirestore(app);
  const now = Date.now();
  await createAdminUser({ auth: getAuth(app), db }, { ...DEV_ADMIN, update: true });
  // The studio first: a payment request the leads trigger issues while the seed runs takes its tax and
  // legal details from these settings, as the seed's own issue below does.
  await seedStudioSettings(db);
  const leadIds = await seedLeads(db, now);
  await seedProjects(db, leadIds, now);
  await seedPromoCodes(db, now);
  await seedAutomationSettings(db);
  await seedInvoices(db, leadIds, now);
  await seedPortalClients(app, db, leadIds);
  // Numbered deposit and final payment requests of the accepted leads at once (the leads trigger would issue them too).
  for (const id of leadIds.values()) await syncPaymentRequests(db, id);
  // The board's projection at once (the leads trigger would fill it too, a moment later and only if the Functions emulator is up).
  await rebuildLeadBoard(db);
  if (bulkLeads > 0) {
    const r = await seedSyntheticLeads(db, bulkLeads, now);
    console.log(
      `seed: ${r.written} synthetic leads written with the triggers paused, ${r.paymentRequestsIssued} payment requests issued, ${r.boardCards} cards on the rebuilt board, in ${(r.ms / 1000).toFixed(1)} s (${JSON.stringify(r.phasesMs)} ms).`,
    );
  }
  console.log(
    `seed: ${LEADS.length} leads, 6 projects, 3 promo codes, 1 invoice (reverse charge, 3 lines), ${PORTAL_CLIENTS.length} portal clients (${PORTAL_CLIENTS.map((c) => c.email).join(', ')}), studio settings and the dev admin.`,
  );
}

if (process.argv[1] && /seed\.ts$/.test(process.argv[1])) {
  exitWithUsageIfAsked(`
Usage: npm run seed [-- --leads N]

Writes the demo data into the running emulators (npm start seeds empty emulators itself): the dev
admin, leads across every status, projects, promo codes, portal clients and the studio settings.
--leads N (0 to 100000) also writes N synthetic leads in bulk, with background triggers paused, then
issues their payment requests and rebuilds the board once.
Emulator only: refuses to run unless FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set
and the project id starts with "demo-".
`);
  const { values } = parseArgs({ options: { leads: { type: 'string', default: '0' } } });
  const bulkLeads = Number(values.leads);
  if (!Number.isInteger(bulkLeads) || bulkLeads < 0 || bulkLeads > 100_000) {
    console.error('seed: --leads takes a whole number from 0 to 100000.');
    process.exit(2);
  }
  seed(bulkLeads).then(
    () => process.exit(0),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
