/**
 * One source for what each vendor must be (functions/src/platform/vendors.ts):
 * the Stripe events the webhook applies, the API version the code reads, and
 * the README and docs/operations.md, which must name exactly those (between
 * their `<!-- stripe-events -->`, `<!-- stripe-api-version -->` and
 * `<!-- stripe-listen -->` markers).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUTH_NEEDS,
  STRIPE_API_VERSION,
  STRIPE_WEBHOOK_EVENTS,
  stripeListenCommand,
} from '../../functions/src/platform/vendors.js';
import { CHARGE_EVENT_TYPES } from '../../functions/src/features/billing/chargeEvents.js';
import { SUBSCRIPTION_EVENT_TYPES } from '../../functions/src/features/billing/subscriptions.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = ['README.md', 'docs/operations.md'];
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

/** The text between each `<!-- name -->` and `<!-- /name -->` of `text`. */
function marked(text: string, name: string): string[] {
  return [...text.matchAll(new RegExp(`<!-- ${name} -->([\\s\\S]*?)<!-- /${name} -->`, 'g'))].map((m) => m[1]!);
}

/** Stripe event names (`a.b` or `a.b.c`, lower case) in backticks. */
const eventNames = (text: string) =>
  [...text.matchAll(/`((?:payment_intent|invoice|customer|charge)\.[a-z_.]+)`/g)].map((m) => m[1]!);

describe('the Stripe events and API version, said once', () => {
  it('lists nine events: the payment, subscription and charge handlers take exactly these', () => {
    expect(STRIPE_WEBHOOK_EVENTS).toHaveLength(9);
    expect(new Set(STRIPE_WEBHOOK_EVENTS).size).toBe(9);
    for (const t of SUBSCRIPTION_EVENT_TYPES) expect(STRIPE_WEBHOOK_EVENTS).toContain(t);
    for (const t of CHARGE_EVENT_TYPES) expect(STRIPE_WEBHOOK_EVENTS).toContain(t);
  });

  it('is the API version the installed stripe SDK is typed for', () => {
    const require = createRequire(join(ROOT, 'functions', 'package.json'));
    const Stripe = require('stripe') as { API_VERSION: string };
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  for (const file of DOCS)
    it(`${file} names exactly those events and that version wherever it lists them`, () => {
      const text = read(file);
      const lists = marked(text, 'stripe-events');
      expect(lists.length, `${file} has no <!-- stripe-events --> list`).toBeGreaterThan(0);
      for (const list of lists) expect(eventNames(list).sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
      const versions = marked(text, 'stripe-api-version');
      expect(versions.length).toBeGreaterThan(0);
      for (const v of versions) expect(v.trim()).toBe(`\`${STRIPE_API_VERSION}\``);
      // Elsewhere the docs may name a handled event, never one the webhook does not apply.
      for (const name of eventNames(text)) expect(STRIPE_WEBHOOK_EVENTS, `${file} names ${name}`).toContain(name);
    });

  it('docs/operations.md gives the stripe listen command that forwards every one of them', () => {
    const blocks = marked(read('docs/operations.md'), 'stripe-listen');
    expect(blocks).toHaveLength(1);
    const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
    const command = blocks[0]!.match(/stripe listen[^`]*/)![0];
    expect(oneLine(command)).toBe(oneLine(stripeListenCommand('https://SITE')));
  });

  it('names the sign-up blocker the functions export, as preflight looks for it', () => {
    expect(read('functions/src/index.ts')).toContain(`export const ${AUTH_NEEDS.signUpBlocker} = beforeUserCreated(`);
  });
});
