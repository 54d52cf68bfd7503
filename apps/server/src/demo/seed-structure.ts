import { AccountInputSchema } from '@tideline/contracts/accounts/accounts.schemas';
import { BankInputSchema, ClientInputSchema, ManageTemplateInputSchema } from '@tideline/contracts';
import type { Db } from '../db/open-database';
import { createAccountGroupsService } from '../modules/accounts/account-groups.service';
import { createAccountLinksService } from '../modules/accounts/account-links.service';
import { createAccountsService } from '../modules/accounts/accounts.service';
import { createRelationship } from '../modules/banks/bank-client-relationships.service';
import { createBank, listInstitutionTypeOptions } from '../modules/banks/banks.service';
import { createClient } from '../modules/clients/clients.service';
import { manageTemplate } from '../modules/templates/templates.service';
import type { CurrentUser } from '../platform/access/route-access';
import type { AuditContext } from '../platform/audit/write-audit';
import { BANK_LAYOUTS } from './bank-layouts';
import { DEMO_GROUPS, DEMO_LINKS } from './demo-accounts';
import { DEMO_BANKS, DEMO_RELATIONSHIPS } from './demo-banks';
import { DEMO_CLIENTS } from './demo-clients';
import { centsToDecimal } from './load-transactions';
import type { DemoPlan } from './plan-transactions';

export interface SeededStructure {
  clientIds: Map<string, number>;
  accountIds: Map<string, { clientId: number; accountId: number }>;
}

/**
 * Banks, clients, relationships, accounts, groups, links and templates, each through its service (the
 * contracts' schemas validate the input, the rules apply and every record gets its audit row).
 */
export async function seedStructure(
  db: Db,
  actor: CurrentUser,
  ctx: AuditContext,
  plan: DemoPlan,
  assigneeIds: (clientKey: string) => number[],
): Promise<SeededStructure> {
  const typeIds = new Map((await listInstitutionTypeOptions(db)).map((t) => [t.label, t.value]));
  const bankIds = new Map<string, number>();
  for (const bank of DEMO_BANKS) {
    const input = BankInputSchema.parse({
      ...bank.input,
      institutionTypeId: typeIds.get(bank.institutionType),
    });
    bankIds.set(bank.key, (await createBank(db, actor, input, ctx)).bankId);
  }

  const clientIds = new Map<string, number>();
  for (const client of DEMO_CLIENTS) {
    const input = ClientInputSchema.parse({ ...client.input, assignTo: assigneeIds(client.key) });
    clientIds.set(client.key, (await createClient(db, actor, input, ctx)).clientId);
  }

  for (const rel of DEMO_RELATIONSHIPS) {
    const relationship = await createRelationship(
      db,
      {
        clientId: clientIds.get(rel.clientKey)!,
        bankId: bankIds.get(rel.bankKey)!,
        collectionType: rel.collectionType,
      },
      ctx,
    );
    const layout = BANK_LAYOUTS[rel.bankKey]!;
    const template = ManageTemplateInputSchema.parse({
      type: 'Transaction',
      templateType: 'Header',
      headerRow: layout.headerRow,
      bankClientRelId: relationship.bankClientRelId,
      jsonTransform: [layout.transform],
    });
    await manageTemplate(db, actor, template, ctx);
  }

  const accounts = createAccountsService({ db });
  const accountIds = new Map<string, { clientId: number; accountId: number }>();
  for (const planned of plan.accounts) {
    const { account } = planned;
    const clientId = clientIds.get(account.clientKey)!;
    const input = AccountInputSchema.parse({
      clientId,
      accountName: account.name,
      accountNumber: planned.accountNumber,
      accountAlias: account.alias,
      accountType: account.type,
      accountCategory: account.category,
      bankId: bankIds.get(account.bankKey),
      accountBalance: centsToDecimal(planned.anchorBalanceCents),
      accountBalanceDate: planned.balanceDate,
      accountClosed: planned.closedDate ? 1 : 0,
      accountDateClosed: planned.closedDate ?? undefined,
      dataGatheringFrequency: null,
      collectionType: null,
    });
    const created = await accounts.createAccount(actor, input, ctx);
    accountIds.set(account.key, { clientId, accountId: created.accountId });
  }

  const groups = createAccountGroupsService({ db });
  for (const group of DEMO_GROUPS) {
    const clientId = clientIds.get(group.clientKey)!;
    const created = await groups.createGroup(actor, { clientId, addAccountGroupName: group.name }, ctx);
    const ids = group.accountKeys.map((key) => accountIds.get(key)!.accountId);
    await groups.addAccounts(actor, created.groupID, ids, ctx);
  }

  const links = createAccountLinksService({ db });
  for (const link of DEMO_LINKS) {
    await links.createLink(
      actor,
      {
        accountId: accountIds.get(link.accountKey)!.accountId,
        linkedToAccountId: accountIds.get(link.linkedToKey)!.accountId,
      },
      ctx,
    );
  }
  return { clientIds, accountIds };
}
