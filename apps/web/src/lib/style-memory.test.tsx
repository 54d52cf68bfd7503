import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Button from '@mui/material/Button';
import { MAX_REMEMBERED_CSS, rememberStyles, restoreStyles } from './style-memory';

const STORAGE_KEY = 'tideline.styles';

function drawButton(cache: EmotionCache) {
  const { container, unmount } = render(
    <CacheProvider value={cache}>
      <Button variant="contained">Save</Button>
    </CacheProvider>,
  );
  const classes = container.querySelector('button')!.className;
  unmount();
  return classes;
}

// The web tests share one document (no isolation between files): each test removes only the style
// elements of the caches it made, never Emotion's own.
const made: EmotionCache[] = [];
function makeCache() {
  const cache = createCache({ key: 'css' });
  made.push(cache);
  return cache;
}

const rulesIn = (cache: EmotionCache) =>
  cache.sheet.tags.reduce((n, tag) => n + (tag.sheet?.cssRules.length ?? 0), 0);

afterEach(() => {
  localStorage.clear();
  for (const cache of made.splice(0)) cache.sheet.flush();
  document.head.querySelectorAll('style[data-emotion^="css "]').forEach((style) => style.remove());
});

describe('style memory', () => {
  it("hands a visit's rules back to the next load, so Emotion builds none of them again", () => {
    const first = makeCache();
    const classes = drawButton(first);
    const inserted = Object.keys(first.inserted);
    expect(inserted.length).toBeGreaterThan(0);
    expect(rulesIn(first)).toBeGreaterThan(0);
    rememberStyles(first);

    // The next load: the first cache's rules gone, the remembered ones restored before the cache is made.
    first.sheet.flush();
    expect(restoreStyles()).toBe(inserted.length);
    const restored = document.head.querySelector('style[data-emotion^="css "]')!;
    expect(restored.textContent).toContain('.css-');

    const next = makeCache();
    expect(Object.keys(next.inserted).sort()).toEqual([...inserted].sort());
    const rulesBefore = rulesIn(next);
    expect(drawButton(next)).toBe(classes);
    // Same class names, and not one rule built and inserted again.
    expect(rulesIn(next)).toBe(rulesBefore);
  });

  it('restores nothing from another build or browser, or from a broken entry', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ build: 'another build', names: ['abc'], css: '.css-abc{color:red}' }),
    );
    expect(restoreStyles()).toBe(0);
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(restoreStyles()).toBe(0);
    expect(document.head.querySelector('style[data-emotion^="css "]')).toBeNull();
  });

  it('draws as usual where the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const cache = makeCache();
    drawButton(cache);
    expect(restoreStyles(document, refusing)).toBe(0);
    expect(restoreStyles(document, null)).toBe(0);
    expect(() => rememberStyles(cache, refusing)).not.toThrow();
    expect(() => rememberStyles(cache, null)).not.toThrow();
  });

  it('keeps no memory larger than its limit', () => {
    const cache = makeCache();
    drawButton(cache);
    rememberStyles(cache);
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();

    const big = makeCache();
    const filler = `.css-filler{content:"${'x'.repeat(MAX_REMEMBERED_CSS)}"}`;
    big.sheet.insert(filler);
    big.inserted.filler = true;
    rememberStyles(big);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
