/**
 * What deferTrigger relies on in firebase-functions: a v2 Firestore trigger is
 * a function of the raw event whose only own properties are `run` and
 * `__endpoint` (the manifest `firebase deploy` and the emulator read). If an
 * upgrade adds another (say `__requiredAPIs`), these fail instead of the
 * stand-in silently dropping it from the deploy manifest.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CloudEvent, CloudFunction } from 'firebase-functions/v2';
import { deferTrigger, firestoreTriggers } from './deferredTrigger.js';

describe('the SDK trigger deferTrigger stands in for', () => {
  it('is a function with only `run` and `__endpoint` of its own', () => {
    const real = firestoreTriggers().onDocumentCreated('outbox/{id}', () => undefined);
    expect(typeof real).toBe('function');
    expect(Object.keys(real).sort()).toEqual(['__endpoint', 'run']);
    expect(real.__endpoint.eventTrigger?.eventType).toBe('google.cloud.firestore.document.v1.created');
  });

  it('gives the same manifest through the stand-in', () => {
    const define = () =>
      firestoreTriggers().onDocumentWritten({ document: 'leads/{leadId}', retry: true }, () => undefined);
    const standIn = deferTrigger(define);
    expect(typeof standIn).toBe('function');
    expect(standIn.__endpoint).toEqual(define().__endpoint);
    expect(Object.keys(standIn).sort()).toEqual(['__endpoint', 'run']);
  });
});

describe('deferTrigger', () => {
  /** A trigger double: records the raw events it is called with. */
  function fakeTrigger(calls: unknown[]) {
    const trigger = (raw: CloudEvent<unknown>) => {
      calls.push(raw);
      return 'handled';
    };
    return Object.assign(trigger, {
      run: () => 'ran',
      __endpoint: { platform: 'gcfv2' as const, eventTrigger: { eventType: 'e', eventFilters: {}, retry: false } },
    }) satisfies CloudFunction<CloudEvent<unknown>>;
  }

  it('defines the trigger only when first needed, and once', () => {
    const calls: unknown[] = [];
    const define = vi.fn(() => fakeTrigger(calls));
    const standIn = deferTrigger(define);
    expect(define).not.toHaveBeenCalled();

    const raw: CloudEvent<unknown> = { id: '1', source: 's', specversion: '1.0', type: 't', time: '', data: undefined };
    expect(standIn(raw)).toBe('handled');
    expect(standIn(raw)).toBe('handled');
    expect(standIn.__endpoint.eventTrigger?.eventType).toBe('e');
    expect(standIn.run(raw)).toBe('ran');
    expect(calls).toEqual([raw, raw]);
    expect(define).toHaveBeenCalledTimes(1);
  });
});
