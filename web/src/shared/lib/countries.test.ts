import { describe, expect, it } from 'vitest';
import { countryLabel, countryName } from './countries';

describe('countries', () => {
  it('names a code, its aliases and any case', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryLabel('UK')).toBe('United Kingdom (GB)');
    expect(countryLabel('EL')).toBe('Greece (GR)');
  });
  it('leaves what is no country alone', () => {
    expect(countryName('EU')).toBeNull();
    expect(countryName('X')).toBeNull();
    expect(countryLabel('QQ')).toBe('QQ');
  });
});
