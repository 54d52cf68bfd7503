import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANK_LINK_MSG, type BankLinkResult } from '@tideline/contracts/bank-links/bank-links.schemas';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import { createLinkToken, createUpdateLinkToken, removePlaidLink, setAccessToken } from './bank-links.api';
import { openPlaidLink } from './open-plaid-link';

// One hook per change (style.md "Web"). A link changes the relationship's collection type, shown on
// the client's Banks tab and inherited by its accounts: both are refreshed.

/** A failed step of the Link flow, with the spec's fallback text for that step. */
export class LinkStepError extends Error {
  constructor(
    readonly fallback: string,
    readonly reason: unknown,
  ) {
    super(fallback);
    this.name = 'LinkStepError';
  }
}

async function runStep<T>(fallback: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new LinkStepError(fallback, error);
  }
}

export type LinkMode = 'create' | 'update';

export type LinkFlowResult =
  { kind: 'linked'; result: BankLinkResult } | { kind: 'left'; message: string | null };

function useRefreshRelationship() {
  const queryClient = useQueryClient();
  return (clientId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['clients', 'banks', clientId] }),
      queryClient.invalidateQueries({ queryKey: ['accounts', clientId] }),
    ]);
}

/** Create or Update Plaid Link: a link token, Plaid's Link flow, then the public token sent back. */
export function useLinkBank() {
  const refresh = useRefreshRelationship();
  return useMutation({
    mutationFn: async ({
      relationship,
      mode,
    }: {
      relationship: BankClientRelationship;
      mode: LinkMode;
    }): Promise<LinkFlowResult> => {
      const bcrId = relationship.bankClientRelId;
      const token =
        mode === 'create'
          ? await runStep(BANK_LINK_MSG.linkTokenFailed, () => createLinkToken(bcrId))
          : await runStep(BANK_LINK_MSG.updateLinkTokenFailed, () => createUpdateLinkToken(bcrId));
      const outcome = await runStep(BANK_LINK_MSG.linkLoadFailed, () => openPlaidLink(token.linkToken));
      if (outcome.kind === 'exit') return { kind: 'left', message: outcome.message };
      const result = await runStep(BANK_LINK_MSG.linkFailed, () =>
        setAccessToken({ bcrId, publicToken: outcome.publicToken }),
      );
      return { kind: 'linked', result };
    },
    onSuccess: (answer, { relationship }) =>
      answer.kind === 'linked' ? refresh(relationship.clientId) : undefined,
  });
}

export function useRemovePlaidLink() {
  const refresh = useRefreshRelationship();
  return useMutation({
    mutationFn: (relationship: BankClientRelationship) => removePlaidLink(relationship.bankClientRelId),
    onSuccess: (_result, relationship) => refresh(relationship.clientId),
  });
}
