import { describe, expect, it } from 'vitest';
import {
  canceledFromUpdate,
  projectDelivered,
  type ProjectStatus,
  clientWorkRank,
  followedProject,
  followedProjects,
  clientStatusText,
  clientTimelineStages,
  orderClientWork,
  PROJECT_CANCELED_DEAD_REASON,
  PROJECT_LIST_TILES,
  PROJECT_PROGRESS,
  PROJECT_TILE_LABELS,
  projectMoveError,
  scheduledProjectMove,
  SCHEDULED_PROJECT_STATUSES,
  SETUP_EXPIRY_DEAD_REASON,
  setUpExpiryApplies,
  DEAD_REASONS,
  type ClientWork,
  DAY_MS,
} from '../src/index.js';

const work = (over: Partial<ClientWork> & { id?: string } = {}) => ({
  id: 'x',
  createdAtMs: 0,
  quoteAccepted: false,
  quoteApproved: false,
  projectStatus: null,
  ...over,
});

describe('client lookup: which work a client sees first', () => {
  it('ranks a live project by how far it got, above an accepted quote, an approved one, a canceled project and a message', () => {
    const ranks = [
      work({ projectStatus: 'Won' }),
      work({ projectStatus: 'Maintenance' }),
      work({ projectStatus: 'Launch' }),
      work({ projectStatus: 'Beta' }),
      work({ projectStatus: 'Production' }),
      work({ projectStatus: 'Set up' }),
      work({ quoteAccepted: true }),
      work({ quoteApproved: true }),
      work({ projectStatus: 'Canceled', quoteAccepted: false }),
      work(),
    ].map(clientWorkRank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('never lets a newer contact message hide a project; ties go to the newest lead', () => {
    const ordered = orderClientWork([
      work({ id: 'message', createdAtMs: 3 * DAY_MS }),
      work({ id: 'project', createdAtMs: 1 * DAY_MS, projectStatus: 'Production' }),
      work({ id: 'newer project', createdAtMs: 2 * DAY_MS, projectStatus: 'Production' }),
    ]);
    expect(ordered.map((w) => w.id)).toEqual(['newer project', 'project', 'message']);
  });

  it("follows a lead's most advanced live project, else its newest", () => {
    expect(
      followedProject([
        { status: 'Canceled', createdAtMs: 5 },
        { status: 'Beta', createdAtMs: 1 },
        { status: 'Set up', createdAtMs: 9 },
      ])?.status,
    ).toBe('Beta');
    expect(
      followedProject([
        { status: 'Canceled', createdAtMs: 5 },
        { status: 'Canceled', createdAtMs: 9 },
      ])?.createdAtMs,
    ).toBe(9);
    expect(followedProject([])).toBeNull();
  });

  it('orders progress as a project advances, from New to Won, without Canceled', () => {
    expect(PROJECT_PROGRESS.join(' → ')).toBe(
      'New → Quote Accepted → Deposit Paid → Set up → Production → Beta → Launch → Maintenance → Won',
    );
  });
});

describe('projects board', () => {
  it('lists Maintenance, Canceled and Won (as Completed) in tiles', () => {
    expect(PROJECT_LIST_TILES.map((s) => PROJECT_TILE_LABELS[s])).toEqual(['Maintenance', 'Canceled', 'Completed']);
  });

  it('explains a drop on Beta or Launch by where the project is', () => {
    expect(projectMoveError('Production', 'Beta')).toBe(
      'Use Deploy to Beta (with the beta URL) to move a project to Beta',
    );
    expect(projectMoveError('Set up', 'Beta')).toBe(
      'Only a project in Production can be deployed to Beta: move it to Production first',
    );
    expect(projectMoveError('Beta', 'Launch')).toBe('Use Launch (with the handoff) to move a project to Launch');
    expect(projectMoveError('Production', 'Launch')).toBe(
      'Only a project in Beta can be launched: deploy it to Beta first',
    );
  });

  it('records where a cancel came from, and clears it when the project leaves Canceled', () => {
    expect(canceledFromUpdate('Quote Accepted', 'Canceled')).toEqual({ canceledFrom: 'Quote Accepted' });
    expect(canceledFromUpdate('Canceled', 'Quote Accepted')).toEqual({ canceledFrom: null });
    expect(canceledFromUpdate('Set up', 'Production')).toEqual({});
    // What it records is what the undo accepts.
    expect(projectMoveError('Canceled', 'Quote Accepted', 'Quote Accepted')).toBeNull();
  });

  it('lets a canceled project go back only to the status it was canceled from (undo), or reopen in Set up', () => {
    expect(projectMoveError('Canceled', 'Beta', 'Beta')).toBeNull();
    expect(projectMoveError('Canceled', 'Launch', 'Launch')).toBeNull();
    expect(projectMoveError('Canceled', 'Set up', 'Production')).toBeNull();
    expect(projectMoveError('Canceled', 'Production', 'Beta')).toBe(
      'Cannot move a project from Canceled to Production',
    );
    expect(projectMoveError('Canceled', 'Beta')).toBe(
      'Only a project in Production can be deployed to Beta: move it to Production first',
    );
    // The recorded status opens no other move.
    expect(projectMoveError('Production', 'Launch', 'Launch')).toBe(
      'Only a project in Beta can be launched: deploy it to Beta first',
    );
  });

  it('names dead reasons of the spec for a canceled project and an expired set-up', () => {
    expect(DEAD_REASONS).toContain(SETUP_EXPIRY_DEAD_REASON);
    expect(SETUP_EXPIRY_DEAD_REASON).toBe('Invoice Expired - Non Payment beyond Invoice Terms');
    expect(DEAD_REASONS).toContain(PROJECT_CANCELED_DEAD_REASON);
    const now = new Date('2026-06-01T00:00:00Z');
    expect(
      scheduledProjectMove(
        {
          status: 'Set up',
          launchDate: null,
          maintenanceSubscriptionPaid: false,
          createdAt: new Date(now.getTime() - 30 * DAY_MS),
          depositPaid: false,
        },
        now,
      ),
    ).toEqual({ to: 'Canceled', reason: 'setup-expired' });
  });
});

describe('the 30-day Set up expiry of a project held for the countersignature', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const held = (over: Record<string, unknown> = {}) =>
    scheduledProjectMove(
      {
        status: 'Quote Accepted',
        launchDate: null,
        maintenanceSubscriptionPaid: false,
        createdAt: new Date(now.getTime() - 30 * DAY_MS),
        depositPaid: false,
        countersignPending: 'proposal-1',
        ...over,
      },
      now,
    );

  it('applies to Set up and to a project held before it (Quote Accepted or Deposit Paid with a hold) only', () => {
    expect(setUpExpiryApplies({ status: 'Set up' })).toBe(true);
    expect(setUpExpiryApplies({ status: 'Quote Accepted', countersignPending: 'p' })).toBe(true);
    expect(setUpExpiryApplies({ status: 'Deposit Paid', countersignPending: 'p' })).toBe(true);
    expect(setUpExpiryApplies({ status: 'Quote Accepted', countersignPending: null })).toBe(false);
    expect(setUpExpiryApplies({ status: 'Quote Accepted' })).toBe(false);
    for (const status of ['New', 'Production', 'Launch', 'Canceled'] as const)
      expect(setUpExpiryApplies({ status, countersignPending: 'p' }), status).toBe(false);
    // The job reads every status the rule may accept.
    for (const status of ['Set up', 'Quote Accepted', 'Deposit Paid', 'Launch'] as const)
      expect(SCHEDULED_PROJECT_STATUSES).toContain(status);
  });

  it('cancels a held project whose deposit is unpaid 30 days after the acceptance, as a set-up', () => {
    expect(held()).toEqual({ to: 'Canceled', reason: 'setup-expired' });
    expect(held({ status: 'Deposit Paid' })).toEqual({ to: 'Canceled', reason: 'setup-expired' });
    // Not before 30 days, not once the deposit is paid, not without the hold.
    expect(held({ createdAt: new Date(now.getTime() - 30 * DAY_MS + 60_000) })).toBeNull();
    expect(held({ depositPaid: true })).toBeNull();
    expect(held({ countersignPending: null })).toBeNull();
    expect(held({ createdAt: null })).toBeNull();
  });
});

describe('projectDelivered', () => {
  it('is true where the lead follows the project into a delivered stage (Launch, Maintenance, Won), false before and when canceled', () => {
    expect(['Launch', 'Maintenance', 'Won'].every((s) => projectDelivered(s as ProjectStatus))).toBe(true);
    expect(['Set up', 'Production', 'Beta', 'Canceled'].some((s) => projectDelivered(s as ProjectStatus))).toBe(false);
  });
});

describe('followedProjects', () => {
  it('lists every live project, the most advanced first; else the one followedProject picks', () => {
    const p = (status: ProjectStatus, createdAtMs = 0) => ({ status, createdAtMs });
    expect(followedProjects([p('Set up', 2), p('Beta', 1), p('Canceled', 3)]).map((x) => x.status)).toEqual([
      'Beta',
      'Set up',
    ]);
    expect(followedProjects([p('Canceled', 1), p('Canceled', 5)])).toEqual([p('Canceled', 5)]);
    expect(followedProjects([])).toEqual([]);
  });
});

describe('clientStatusText', () => {
  it('gives the client the timeline’s words, never the CRM’s internal ones', () => {
    expect(clientStatusText('Won')).toBe('Complete');
    expect(clientStatusText('Lost')).toBe('Closed');
    expect(clientStatusText('Payment Failed')).toBe('Payment needed');
    expect(clientStatusText('Production')).toBe('Production');
    // The timeline says the same for a Won project.
    expect(clientTimelineStages('Won').find((s) => s.state === 'current')?.label).toBe(clientStatusText('Won'));
  });
});
