import createCache, { type EmotionCache } from '@emotion/cache';

// Emotion, MUI's styling engine, builds each style's CSS in the browser and inserts it rule by rule as
// components first draw: on a signed-in screen's load that is about a fifth of the main thread, most of
// it inside React's commits (the longest tasks). Staff open the same screens day after day, so the rules
// one visit made are kept in localStorage and handed back to Emotion on the next load the way server
// rendering hands them over: a <style data-emotion="css name …"> element that Emotion's cache hydrates
// as it is created, marking those names as inserted, so it builds only what is new. Styles are named by
// a hash of their content, so a remembered rule is never wrong. The memory belongs to one build (the
// entry chunk's URL names its hash), so it does not grow across releases, and to one browser version,
// since the rules are kept as that browser parsed them (without the declarations it dropped).
const STORAGE_KEY = 'tideline.styles';
/** A remembered sheet larger than this is not kept (localStorage holds about 5 MB per origin). */
export const MAX_REMEMBERED_CSS = 1_000_000;
const BUILD = `${import.meta.url} ${navigator.userAgent}`;

interface RememberedStyles {
  build: string;
  names: string[];
  css: string;
}

/** localStorage, or null where the browser refuses it (reading the property itself can throw). */
function browserStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function readRemembered(storage: Storage | null): RememberedStyles | null {
  try {
    if (!storage) return null;
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as RememberedStyles | null;
    return saved?.build === BUILD && Array.isArray(saved.names) && typeof saved.css === 'string'
      ? saved
      : null;
  } catch {
    return null;
  }
}

/** Puts the remembered rules in the document, named for Emotion to hydrate; answers how many names. */
export function restoreStyles(doc: Document = document, storage = browserStorage()): number {
  const saved = readRemembered(storage);
  if (!saved || saved.names.length === 0) return 0;
  const style = doc.createElement('style');
  style.setAttribute('data-emotion', `css ${saved.names.join(' ')}`);
  style.textContent = saved.css;
  doc.head.appendChild(style);
  return saved.names.length;
}

/** Keeps what the cache has inserted so far (the restored rules among them) for the next load. */
export function rememberStyles(cache: EmotionCache, storage = browserStorage()): void {
  if (!storage) return;
  const names = Object.keys(cache.inserted).filter((name) => cache.inserted[name] === true);
  const css = cache.sheet.tags
    .map((tag) => Array.from(tag.sheet?.cssRules ?? [], (rule) => rule.cssText).join(''))
    .join('');
  try {
    if (css.length > MAX_REMEMBERED_CSS) storage.removeItem(STORAGE_KEY);
    else storage.setItem(STORAGE_KEY, JSON.stringify({ build: BUILD, names, css }));
  } catch {
    // Storage full or refused (a private window): the next load builds its styles as usual.
  }
}

/**
 * The app's Emotion cache, created after the remembered rules are back in the document, and saved again
 * when the page is hidden or left (when nobody waits for it) if it inserted styles since the last save:
 * leaving fires both events, and staff switch tabs all day.
 */
export function createRememberingCache(): EmotionCache {
  let savedNames = restoreStyles();
  const cache = createCache({ key: 'css' });
  const save = () => {
    const names = Object.keys(cache.inserted).length;
    if (names === savedNames) return;
    savedNames = names;
    rememberStyles(cache);
  };
  addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  return cache;
}
