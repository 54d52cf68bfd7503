import { describe, expect, it, vi } from 'vitest';
import { BANK_LINK_MSG } from '@tideline/contracts/bank-links/bank-links.schemas';
import { loadPlaidLink, openPlaidLink, PLAID_LINK_SCRIPT, type PlaidLinkFactory } from './open-plaid-link';

// The boundary to Plaid's Link script: loaded on demand from Plaid's CDN, once. jsdom fetches no
// scripts, so each test fires the script's load or error event itself. In order: a loaded script is
// kept for the page's life.

const linkScripts = () => [...document.querySelectorAll(`script[src="${PLAID_LINK_SCRIPT}"]`)];

describe("loading Plaid's Link script", () => {
  it('fails with a plain message when the script brings no Plaid or does not load, and tries afresh', async () => {
    expect(linkScripts()).toHaveLength(0);
    const withoutPlaid = loadPlaidLink().catch((e: Error) => e.message);
    linkScripts()[0]!.dispatchEvent(new Event('load'));
    expect(await withoutPlaid).toBe(BANK_LINK_MSG.linkLoadFailed);
    expect(linkScripts()).toHaveLength(0);

    const refused = loadPlaidLink().catch((e: Error) => e.message);
    expect(linkScripts()).toHaveLength(1);
    linkScripts()[0]!.dispatchEvent(new Event('error'));
    expect(await refused).toBe(BANK_LINK_MSG.linkLoadFailed);
    expect(linkScripts()).toHaveLength(0);
  });

  it('adds one script for callers at once, answers the Plaid global once it loads, and opens Link', async () => {
    const first = loadPlaidLink();
    const second = loadPlaidLink();
    expect(linkScripts()).toHaveLength(1);
    const destroy = vi.fn();
    const plaid: PlaidLinkFactory = {
      create: (config) => ({ open: () => config.onSuccess('public-sandbox-1', {}), destroy }),
    };
    vi.stubGlobal('Plaid', plaid);
    linkScripts()[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(plaid);
    expect(await second).toBe(plaid);
    expect(await openPlaidLink('link-sandbox-1')).toEqual({
      kind: 'success',
      publicToken: 'public-sandbox-1',
    });
    await vi.waitFor(() => expect(destroy).toHaveBeenCalledOnce());
  });
});
