import { describe, expect, it } from 'vitest';
import { clientTimelineStages } from '../src/index.js';

const labels = (status: string) => clientTimelineStages(status).map((s) => s.label);
const current = (status: string) => clientTimelineStages(status).find((s) => s.state === 'current')?.label;

describe('clientTimelineStages', () => {
  it('shows Set up to Maintenance, the current stage marked and the others past or future', () => {
    expect(clientTimelineStages('Beta')).toEqual([
      { label: 'Set up', state: 'past' },
      { label: 'Production', state: 'past' },
      { label: 'Beta', state: 'current' },
      { label: 'Launch', state: 'future' },
      { label: 'Maintenance', state: 'future' },
    ]);
  });

  it('ends in Canceled for a canceled project, and in Complete for one that ended without maintenance (Won)', () => {
    expect(labels('Canceled')).toEqual(['Set up', 'Production', 'Beta', 'Launch', 'Canceled']);
    expect(current('Canceled')).toBe('Canceled');
    expect(labels('Won')).toEqual(['Set up', 'Production', 'Beta', 'Launch', 'Complete']);
    expect(current('Won')).toBe('Complete');
    expect(
      clientTimelineStages('Won')
        .slice(0, 4)
        .every((s) => s.state === 'past'),
    ).toBe(true);
  });

  it('shows a state before Set up as its own first stage, with everything after it future', () => {
    for (const status of ['New', 'Quote Accepted', 'Deposit Paid']) {
      const stages = clientTimelineStages(status);
      expect(stages.map((s) => s.label)).toEqual([status, 'Set up', 'Production', 'Beta', 'Launch', 'Maintenance']);
      expect(stages[0]!.state).toBe('current');
      expect(stages.slice(1).every((s) => s.state === 'future')).toBe(true);
    }
  });

  it('shows any other state after the last stage, everything before it past', () => {
    const stages = clientTimelineStages('Subscription Expired');
    expect(stages.map((s) => s.label)).toEqual([
      'Set up',
      'Production',
      'Beta',
      'Launch',
      'Maintenance',
      'Subscription Expired',
    ]);
    expect(stages.at(-1)!.state).toBe('current');
    expect(stages.slice(0, -1).every((s) => s.state === 'past')).toBe(true);
  });

  it('marks exactly one stage current, whatever the status', () => {
    for (const status of ['Set up', 'Production', 'Launch', 'Maintenance', 'Complete', '']) {
      expect(clientTimelineStages(status).filter((s) => s.state === 'current')).toHaveLength(1);
    }
  });
});
