/**
 * The board's bytes per lead change as report rows, from bench/figures/board-bytes.ts's
 * BENCH_RESULT ({ results: [{ leads, wireMedian, ... }] }, one entry per lead count).
 */
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

/** One line per size, for the details and the console. */
export function boardBytesLine(r) {
  return (
    `${r.leads.toLocaleString('en-US')} leads: ${kb(r.serializedMedian)} of changed documents per change (median of ${r.changes}, max ${kb(r.serializedMax)}, at most ${r.documentsMax} document(s)); ` +
    `the old layout resent a shard of ${kb(r.oldLayoutBytes)}; a load reads ${r.load.documents} board documents (${kb(r.load.serializedBytes)}); ` +
    `the emulator's wire bytes per change ${kb(r.wireMedian)} (it resends the whole result set, a load's ${kb(r.load.wireBytes)}: not judged)` +
    (r.fold
      ? `; one fold of the recent changes into the shards sent ${kb(r.fold.serializedBytes)} (${r.fold.documents} documents) after ${r.fold.changesBefore} changes, ${kb(r.fold.perChange)} a change`
      : '')
  );
}

/** Rows board-bytes-2k and board-bytes-20k from the result. */
export function boardBytesRows(result) {
  const at = (n) => result.results.find((r) => r.leads === n);
  const row = (r) =>
    r ? { samples: r.samples, details: boardBytesLine(r) } : { error: 'this lead count was not measured' };
  return { 'board-bytes-2k': row(at(2000)), 'board-bytes-20k': row(at(20000)) };
}
