/**
 * Firestore reads per dashboard load, from the probe's counts on the
 * dashboard loads (bench/figures/board.mjs dashboardLoads) at two sizes: the
 * demo seed (`small`, optional) and the demo seed plus 2,000 leads (`large`).
 * Each is { counts: seed-bench's lead counts, loads: [...] }.
 */
export function readsRows(small, large, largeError) {
  if (!large) throw new Error(largeError ?? 'no dashboard loads');
  const per = (set) =>
    set.loads.map((l) => {
      const onBoard = Object.values(l.board.columns).reduce((s, n) => s + n, 0) + l.board.won + (l.board.dead ?? 0);
      return { total: l.reads.total, leads: l.reads.byCollection.leads ?? 0, onBoard, constant: l.reads.total - onBoard, listeners: l.reads.listeners.leads ?? 0, byCollection: l.reads.byCollection, all: l.reads.listeners, streams: l.reads.streams };
    });
  const L = per(large);
  const S = small ? per(small) : [];
  if (L.every((x) => x.streams === 0)) throw new Error('no Firestore Listen traffic was seen by the probe (transport not recognised)');
  const constants = new Set([...L, ...S].map((x) => x.constant));
  const eachLeadOnce = L.every((x) => x.leads === large.counts.total) && S.every((x) => x.leads === small.counts.total);
  const oneListener = [...L, ...S].every((x) => x.listeners === 1);
  const pass = constants.size === 1 && eachLeadOnce && oneListener;
  const med = L[Math.floor(L.length / 2)];
  const n = (v) => v.toLocaleString('en-US');
  const describe = (x) => `${n(x.total)} = ${n(x.onBoard)} leads on the board + ${n(x.constant)}`;
  return {
    'reads-per-load': {
      samples: L.map((x) => x.total),
      pass,
      valueText: describe(med),
      details:
        `2,000-lead loads: ${L.map(describe).join('; ')} (${large.counts.total} lead docs in Firestore; documents by collection ${JSON.stringify(med.byCollection)}). ` +
        (S.length ? `Demo-seed loads (${small.counts.total} leads): ${S.map(describe).join('; ')}. ` : 'No demo-seed loads (the constant is checked at one size only). ') +
        `Constant the same at every load: ${constants.size === 1 ? 'yes' : `no (${[...constants].join(', ')})`}; every lead read exactly once: ${eachLeadOnce ? 'yes' : 'no'}; listeners per collection ${JSON.stringify(med.all)}.`,
    },
    'reads-listeners': {
      samples: [...S, ...L].map((x) => x.listeners),
      pass: oneListener,
      details: `per load (demo seed, then 2,000 leads): ${[...S, ...L].map((x) => x.listeners).join(', ')}`,
    },
  };
}
