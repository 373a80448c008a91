import { describe, expect, it } from 'vitest';
import { apiInstanceSettings, MAX_API_MIN_INSTANCES } from './instances.js';

describe('apiInstanceSettings', () => {
  it('keeps no warm instance unless API_MIN_INSTANCES asks for one', () => {
    expect(apiInstanceSettings({})).toEqual({
      minInstances: 0,
      maxInstances: 10,
      concurrency: 80,
      memory: '512MiB',
      cpu: 1,
      timeoutSeconds: 60,
    });
    expect(apiInstanceSettings({ API_MIN_INSTANCES: '' }).minInstances).toBe(0);
    expect(apiInstanceSettings({ API_MIN_INSTANCES: '1' }).minInstances).toBe(1);
  });

  it('refuses anything but a small whole number, naming the variable and not echoing the value', () => {
    for (const bad of ['-1', '1.5', 'one', '1e1', String(MAX_API_MIN_INSTANCES + 1)]) {
      expect(() => apiInstanceSettings({ API_MIN_INSTANCES: bad })).toThrow(
        /^API_MIN_INSTANCES must be a whole number from 0 to 3\.$/,
      );
    }
  });
});
