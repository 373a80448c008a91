/**
 * The dashboard's Open Invoices tile: what the open documents (admin
 * invoices, deposit and final payment requests) owe, and the part past its
 * due day on the studio's clock, added up by Firestore (sum and count
 * aggregations of `amountCents` and the ledger's sums kept on each document),
 * so the tile reads neither the documents nor the ledger. The owed amount is
 * the account statement's rule (domain owedOfOpenDocuments); the Money page
 * lists the same documents one by one.
 *
 * Not a listener: aggregations are read once. The dashboard asks again when
 * its board changes (`version`: a payment of a quote stage moves its lead),
 * every two minutes (a refund, an admin invoice paid, voided or written off,
 * or a request issued later touch no card), and when the day on the studio's
 * clock changes. Each asking is 16 aggregations (4 per set: open and overdue
 * invoices and payment requests), each billed as one read per 1,000
 * documents counted.
 */
import { useEffect, useState } from 'react';
import {
  collection,
  count,
  getAggregateFromServer,
  query,
  sum,
  where,
  type AggregateSpec,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import { useClock } from '../lib/useClock';
import {
  COLLECTIONS,
  OPEN_DOCUMENT_SUM_TYPES,
  owedOfOpenDocuments,
  studioDayStart,
  type LedgerSums,
  type Receivables,
} from '@studio/domain';

/** How often the tile asks again while the dashboard is open (ms), besides on each board change. */
const REFRESH_MS = 2 * 60_000;

/** The count and the billed total, fields every document has. */
const TOTALS = { count: count(), total: sum('amountCents') } satisfies AggregateSpec;

/**
 * What one set of open documents owes: its count and owed cents. Each ledger
 * sum is its own aggregation: a query with several aggregations counts only
 * the documents that have every field aggregated, and a document has only
 * the entry types it has seen.
 */
async function owedOf(q: Query): Promise<{ count: number; owedCents: number }> {
  const [totals, ...sums] = await Promise.all([
    getAggregateFromServer(q, TOTALS),
    ...OPEN_DOCUMENT_SUM_TYPES.map((t) => getAggregateFromServer(q, { cents: sum(`ledgerCents.${t}`) })),
  ]);
  const ledger: LedgerSums = {};
  OPEN_DOCUMENT_SUM_TYPES.forEach((t, i) => (ledger[t] = Math.round(sums[i]!.data().cents ?? 0)));
  const { count: n, total } = totals.data();
  return owedOfOpenDocuments({ count: n, totalCents: Math.round(total ?? 0), sums: ledger });
}

/** The receivables at `dayStart` (the studio's midnight): open documents, and those due before that midnight. */
async function readReceivables(firestore: Firestore, dayStart: Date): Promise<Receivables> {
  const parts = await Promise.all(
    [COLLECTIONS.invoices, COLLECTIONS.paymentRequests].flatMap((name) => {
      const open = query(collection(firestore, name), where('status', '==', 'open'));
      return [owedOf(open), owedOf(query(open, where('dueDate', '<', dayStart))).then((o) => ({ ...o, late: true }))];
    }),
  );
  const out: Receivables = { count: 0, owedCents: 0, overdueCount: 0, overdueCents: 0 };
  for (const p of parts)
    if ('late' in p) {
      out.overdueCount += p.count;
      out.overdueCents += p.owedCents;
    } else {
      out.count += p.count;
      out.owedCents += p.owedCents;
    }
  return out;
}

/**
 * The receivables, read again whenever `version` changes (the board's data)
 * or the studio's day does; null until the first read, and kept (with the
 * error logged) when a later read fails.
 */
export function useReceivables(version: unknown, timeZone: string): Receivables | null {
  const firestore = useFirestore();
  const [value, setValue] = useState<Receivables | null>(null);
  // Not every money event touches a lead's card (a refund, an admin invoice paid or voided, a request issued
  // after the acceptance): the tile also asks again every REFRESH_MS while the page is open.
  const tick = useClock(REFRESH_MS).getTime();
  const dayStart = studioDayStart(new Date(tick), timeZone).getTime();
  useEffect(() => {
    let live = true;
    readReceivables(firestore, new Date(dayStart)).then(
      (r) => live && setValue(r),
      (e: unknown) => console.error('dashboard: the open invoices could not be added up', e),
    );
    return () => {
      live = false;
    };
  }, [firestore, version, dayStart, tick]);
  return value;
}
