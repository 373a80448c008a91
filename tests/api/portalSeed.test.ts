/**
 * The demo seed's client portal (scripts/seed.ts seedPortalClients), as a
 * newcomer meets it after `npm start`: Kwame Mensah signs in by email link
 * and sees his two projects, his invoices, the file shown to him (not the
 * hidden one, whose bytes are in the Storage stand-in too) and his messages;
 * Hannah Weiss sees only her own, and Kwame's ids are 404 to her.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { leadFilesReply, portalOverviewReply, portalThreadReply, portalThreadsReply } from '@studio/domain';
import { api, BASE_URL } from '../helpers.js';
import { emailLinkIdToken } from '../portalLinks.js';

const KWAME = 'kwame@mensahmedia.example';
const HANNAH = 'hannah@weissdental.example';
let kwame: string;
let hannah: string;

beforeAll(async () => {
  [kwame, hannah] = await Promise.all([emailLinkIdToken(KWAME), emailLinkIdToken(HANNAH)]);
});

const read = async <T>(path: string, token: string, schema: { parse(v: unknown): T }) => {
  const res = await api('GET', path, { token });
  expect(res.status, path).toBe(200);
  return schema.parse(res.json);
};

describe('the demo seed’s portal clients', () => {
  it('Kwame sees his two projects, his invoices, his shown file and his messages', async () => {
    const overview = await read('/api/portal/overview', kwame, portalOverviewReply);
    expect(overview.projects.map((p) => p.name).sort()).toEqual(['Mensah Media show notes site', 'Mensah podcast app']);
    // His accepted quote's deposit, paid (the final payment is requested when the work is done).
    expect(overview.invoices.map((i) => [i.kind, i.status])).toEqual([['deposit', 'paid']]);

    const files = await read('/api/portal/files', kwame, leadFilesReply);
    expect(files.files.map((f) => f.name)).toEqual(['Podcast app wireframes.pdf']);
    const bytes = await fetch(`${BASE_URL}${files.files[0]!.downloadPath}`);
    expect(bytes.status).toBe(200);
    expect(
      Buffer.from(await bytes.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const threads = await read('/api/portal/threads', kwame, portalThreadsReply);
    expect(threads.threads.map((t) => t.title)).toEqual(
      expect.arrayContaining(['General', 'Mensah podcast app', 'Mensah Media show notes site']),
    );
    // The studio's welcome and its note on the beta are unread; his own question is not.
    expect(threads.unread).toBe(2);
    const general = threads.threads.find((t) => t.kind === 'general')!;
    const thread = await read(`/api/portal/threads/${general.id}`, kwame, portalThreadReply);
    expect(thread.messages.map((m) => m.from)).toEqual(['owner', 'client']);
  });

  it('Hannah sees only her own: none of Kwame’s projects, invoices, files or threads, and 404 by id', async () => {
    const [mine, his] = await Promise.all([
      read('/api/portal/overview', hannah, portalOverviewReply),
      read('/api/portal/overview', kwame, portalOverviewReply),
    ]);
    expect(mine.projects.map((p) => p.name)).toEqual(['Weiss Dental website']);
    const hisIds = new Set([...his.projects.map((p) => p.id), ...his.invoices.map((i) => i.id)]);
    expect([...mine.projects, ...mine.invoices].filter((x) => hisIds.has(x.id))).toEqual([]);
    for (const p of his.projects)
      expect((await api('GET', `/api/portal/projects/${p.id}`, { token: hannah })).status).toBe(404);
    for (const i of his.invoices)
      expect((await api('GET', `/api/portal/invoices/${i.id}`, { token: hannah })).status).toBe(404);

    const files = await read('/api/portal/files', hannah, leadFilesReply);
    expect(files.files.map((f) => f.name)).toEqual(['Homepage design.pdf']);
    const hisFile = (await read('/api/portal/files', kwame, leadFilesReply)).files[0]!;
    expect((await api('GET', `/api/portal/files/${hisFile.id}`, { token: hannah })).status).toBe(404);

    const threads = await read('/api/portal/threads', hannah, portalThreadsReply);
    const hisThreads = (await read('/api/portal/threads', kwame, portalThreadsReply)).threads;
    expect(threads.threads.map((t) => t.id).filter((id) => hisThreads.some((t) => t.id === id))).toEqual([]);
    for (const t of hisThreads)
      expect((await api('GET', `/api/portal/threads/${t.id}`, { token: hannah })).status).toBe(404);
  });
});
