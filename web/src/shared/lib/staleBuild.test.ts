import { describe, expect, it } from 'vitest';
import { entryScriptOf } from './staleBuild';

describe('entryScriptOf', () => {
  it("reads the module entry script of Vite's HTML, whatever the attribute order", () => {
    expect(
      entryScriptOf('<head><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>'),
    ).toBe('/assets/index-AbC123.js');
    expect(entryScriptOf("<script src='/assets/index-9.js' type='module'></script>")).toBe('/assets/index-9.js');
  });

  it('ignores classic scripts and a page without an entry', () => {
    expect(
      entryScriptOf('<script src="/legacy.js"></script><script type="module" src="/assets/index-x.js"></script>'),
    ).toBe('/assets/index-x.js');
    expect(entryScriptOf('<html><body>Not Found</body></html>')).toBeNull();
  });

  it("skips the landing's boot script, which only adds the entry after the first paint", () => {
    expect(
      entryScriptOf(
        '<script type="module" data-boot src="/assets/boot-Ab.js"></script><script type="module" src="/assets/index-y.js"></script>',
      ),
    ).toBe('/assets/index-y.js');
  });
});
