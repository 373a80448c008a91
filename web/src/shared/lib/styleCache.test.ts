import { describe, expect, it } from 'vitest';
import { prerenderedStyleTags, STYLE_KEY } from './styleCache';

const regular = { key: STYLE_KEY, ids: ['abc', 'def'], css: '.studio-abc{color:red;}.studio-def{margin:0;}' };
const baseline = { key: `${STYLE_KEY}-global`, ids: ['x6zm3g'], css: 'html{color:black;}' };
const keyframes = { key: `${STYLE_KEY}-global`, ids: ['animation-pulse'], css: '@keyframes animation-pulse{}' };

describe('prerenderedStyleTags', () => {
  it('writes global styles first, in the form their Global looks for, marked data-s so the default cache leaves them', () => {
    const tags = prerenderedStyleTags([keyframes, regular, baseline]);
    expect(tags.startsWith('<style data-emotion="studio-global x6zm3g" data-s="">html{color:black;}</style>')).toBe(
      true,
    );
  });

  it('writes keyframes and class rules after them as data-prerendered tags, which no emotion cache moves', () => {
    const tags = prerenderedStyleTags([keyframes, regular, baseline]);
    expect(tags).toBe(
      '<style data-emotion="studio-global x6zm3g" data-s="">html{color:black;}</style>' +
        '<style data-prerendered="animation-pulse">@keyframes animation-pulse{}</style>' +
        '<style data-prerendered="abc def">.studio-abc{color:red;}.studio-def{margin:0;}</style>',
    );
    expect(tags).not.toContain(`data-emotion="${STYLE_KEY} `);
  });

  it('writes nothing for no chunk', () => {
    expect(prerenderedStyleTags([])).toBe('');
  });
});
