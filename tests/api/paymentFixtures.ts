/** Shared fixtures for the payment tests: a quoted lead (and its project) stored directly. */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../helpers.js';
import { storeLead } from '../fixtures.js';

export async function seedPayableLead(opts: {
  quoteAmountCents: number;
  depositAmountCents: number;
  withProject?: boolean;
  status?: string;
  email?: string;
}) {
  const leadId = await storeLead(db, {
    name: 'Payer Client',
    email: opts.email ?? 'payer@example.com',
    subject: 'Shop build',
    message: 'Please build a shop.',
    status: opts.status ?? 'Set Up',
    quoteAmountCents: opts.quoteAmountCents,
    depositAmountCents: opts.depositAmountCents,
    finalAmountCents: opts.quoteAmountCents - opts.depositAmountCents,
  });
  let projectId: string | null = null;
  if (opts.withProject) {
    const project = db.collection('projects').doc();
    await project.set({
      leadId: leadId,
      name: 'Shop build',
      client: 'Payer Client',
      status: 'Set up',
      priority: 'Medium',
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    projectId = project.id;
  }
  return { leadId, projectId };
}
