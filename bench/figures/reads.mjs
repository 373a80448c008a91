/**
 * Firestore reads per dashboard load, from the probe's counts on the
 * dashboard loads (bench/figures/board.mjs dashboardLoads) at two sizes: the
 * demo seed (`small`, optional) and the demo seed plus 2,000 leads (`large`).
 * Each is { counts: seed-bench's lead counts, loads: [...] }.
 *
 * The board reads the `lead_board` projection (domain/leadBoard.ts and
 * leadBoardChanges.ts): its shards, `_meta` and at most LEAD_BOARD_FOLD_AT + 1
 * recent-changes documents, whatever the number of leads, so a load reads at
 * most MAX_READS documents at any size (the count moves by the changes
 * documents open at the time, not by the leads).
 */
/** Most documents a dashboard load may read. */
export const MAX_READS = 100;

export function readsRows(small, large, largeError) {
  if (!large) throw new Error(largeError ?? 'no dashboard loads');
  const per = (set) =>
    set.loads.map((l) => ({
      total: l.reads.total,
      leadDocs: l.reads.byCollection.leads ?? 0,
      boardListeners: l.reads.listeners.lead_board ?? 0,
      leadListeners: l.reads.listeners.leads ?? 0,
      byCollection: l.reads.byCollection,
      all: l.reads.listeners,
      streams: l.reads.streams,
    }));
  const L = per(large);
  const S = small ? per(small) : [];
  if (L.every((x) => x.streams === 0))
    throw new Error('no Firestore Listen traffic was seen by the probe (transport not recognised)');
  const totals = new Set([...L, ...S].map((x) => x.total));
  const noLeadDocs = [...L, ...S].every((x) => x.leadDocs === 0 && x.leadListeners === 0);
  const oneListener = [...L, ...S].every((x) => x.boardListeners === 1);
  const pass = [...totals].every((t) => t <= MAX_READS) && noLeadDocs && oneListener;
  const med = L[Math.floor(L.length / 2)];
  const n = (v) => v.toLocaleString('en-US');
  return {
    'reads-per-load': {
      samples: L.map((x) => x.total),
      pass,
      valueText: `${n(med.total)} (${n(med.byCollection.lead_board ?? 0)} board documents + ${n(med.total - (med.byCollection.lead_board ?? 0))} other)`,
      details:
        `2,000-lead loads: ${L.map((x) => n(x.total)).join(', ')} documents (${large.counts.total} lead docs in Firestore; documents by collection ${JSON.stringify(med.byCollection)}). ` +
        (S.length
          ? `Demo-seed loads (${small.counts.total} leads): ${S.map((x) => n(x.total)).join(', ')}. `
          : 'No demo-seed loads (the sizes are not compared). ') +
        `At most ${MAX_READS} at every load and both sizes: ${[...totals].every((t) => t <= MAX_READS) ? 'yes' : `no (${[...totals].join(', ')})`}; lead documents read by the dashboard: ${noLeadDocs ? 'none' : 'some'}; listeners per collection ${JSON.stringify(med.all)}.`,
    },
    'reads-listeners': {
      samples: [...S, ...L].map((x) => x.boardListeners),
      pass: oneListener && noLeadDocs,
      details: `listeners on lead_board per load (demo seed, then 2,000 leads): ${[...S, ...L].map((x) => x.boardListeners).join(', ')}; on leads: ${[...S, ...L].map((x) => x.leadListeners).join(', ')}`,
    },
  };
}
