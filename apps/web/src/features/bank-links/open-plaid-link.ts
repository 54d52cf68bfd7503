import { BANK_LINK_MSG } from '@tideline/contracts/bank-links/bank-links.schemas';

// Plaid Link runs from Plaid's CDN, never from our bundle (Plaid requires it), and is fetched only when
// a user starts a link. The server's CSP allows https://cdn.plaid.com for script and frame only when
// Plaid is configured (security-headers.ts).
export const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

/** What Link's onExit hands back when it closes on an error (Plaid's Link web reference). */
export interface PlaidLinkError {
  error_code: string;
  error_message: string;
  display_message: string | null;
}

interface PlaidLinkHandler {
  open(): void;
  destroy(): void;
}

export interface PlaidLinkFactory {
  create(config: {
    token: string;
    onSuccess(publicToken: string, metadata: unknown): void;
    onExit(error: PlaidLinkError | null, metadata: unknown): void;
  }): PlaidLinkHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidLinkFactory;
  }
}

let loading: Promise<PlaidLinkFactory> | null = null;

/** Plaid's global, loading its script once; a failed load is tried afresh next time. */
export function loadPlaidLink(): Promise<PlaidLinkFactory> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= new Promise<PlaidLinkFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAID_LINK_SCRIPT;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error(BANK_LINK_MSG.linkLoadFailed));
    };
    script.onload = () => (window.Plaid ? resolve(window.Plaid) : fail());
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

export type LinkOutcome =
  | { kind: 'success'; publicToken: string }
  /** The user left Link; `message` is Plaid's when Link closed on an error. */
  | { kind: 'exit'; message: string | null };

/** Opens Link with a link token and waits until the user completes or leaves it. */
export async function openPlaidLink(linkToken: string): Promise<LinkOutcome> {
  const plaid = await loadPlaidLink();
  return new Promise<LinkOutcome>((resolve) => {
    const finish = (outcome: LinkOutcome) => {
      // Link removes its frame after its callback returns; the handler goes after that.
      setTimeout(() => handler.destroy(), 0);
      resolve(outcome);
    };
    const handler = plaid.create({
      token: linkToken,
      onSuccess: (publicToken) => finish({ kind: 'success', publicToken }),
      onExit: (error) =>
        finish({ kind: 'exit', message: error ? (error.display_message ?? error.error_message) : null }),
    });
    handler.open();
  });
}
