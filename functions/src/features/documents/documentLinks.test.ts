import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedDocumentPath, verifyDocumentLink } from './documents.js';

const secret = 'test-secret';
const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('document links', () => {
  it('are signed as they always were: HMAC-SHA256 over kind:id:exp with the documents’ own key', () => {
    const now = Date.now();
    const path = signedDocumentPath({ kind: 'invoice', id: 'inv1' }, now, secret)!;
    const { exp, sig } = query(path);
    const key = createHmac('sha256', createHash('sha256').update(secret).digest())
      .update('studio document links v1')
      .digest();
    expect(sig).toBe(createHmac('sha256', key).update(`invoice:inv1:${exp}`).digest('base64url'));
    expect(verifyDocumentLink({ kind: 'invoice', id: 'inv1' }, exp, sig, now, secret)).toBe(true);
  });
});
