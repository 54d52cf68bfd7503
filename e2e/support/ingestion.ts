import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { ApiCall } from './api';

// Preparing and driving a client's batches on the upload dashboard (/data-ingestion/{clientId}), for
// the specs that need a batch with extracted files. Extraction runs as jobs: the waits are generous.

export const EXTRACTION_WAIT_MS = 180_000;

export interface ClientBatchRow {
  batchId: number;
  bankClientRelId: number;
  bankName: string;
  templateType: string;
  status: string;
}

export interface ReportPeriod {
  startDate: string;
  endDate: string;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function findClientId(api: ApiCall, clientName: string): Promise<number> {
  const clients = await api<{ clientId: number; clientName: string }[]>('GET', '/api/clients/list');
  const client = clients.find((c) => c.clientName === clientName);
  assert.ok(client, `the demo client ${clientName} exists`);
  return client.clientId;
}

/**
 * The client's batch of `templateType` on its relationship with `bankName`, through the API: the report
 * is started for `period` when the client has none open, the relationship's ingestion of that type when
 * the batch is missing.
 */
export async function prepareBatch(
  api: ApiCall,
  request: {
    clientId: number;
    bankName: string;
    type: 'transactions' | 'investments' | 'hybridAccount' | 'treasuryServices';
    templateType: 'Transaction' | 'Investment' | 'Hybrid' | 'Treasury';
    period: ReportPeriod;
  },
): Promise<ClientBatchRow> {
  const { clientId, bankName, type, templateType, period } = request;
  const reports = await api<{ clientId: number }[]>('GET', '/api/data-ingestion/open-reports');
  if (!reports.some((r) => r.clientId === clientId))
    await api('POST', `/api/clients/start-report/${clientId}`, { client: period });
  const relationships = await api<{ bankClientRelId: number; bankName: string }[]>(
    'GET',
    `/api/clients/banks/all/${clientId}`,
  );
  const relationship = relationships.find((r) => r.bankName === bankName);
  assert.ok(relationship, `the client banks with ${bankName}`);
  const isTheBatch = (b: ClientBatchRow) =>
    b.bankClientRelId === relationship.bankClientRelId && b.templateType === templateType;
  const existing = (await api<ClientBatchRow[]>('GET', `/api/data-ingestion/batches/all/${clientId}`)).find(
    isTheBatch,
  );
  if (existing) return existing;
  const started = await api<{ batches: ClientBatchRow[] }>(
    'POST',
    `/api/data-ingestion/start-ingestion/bank/${relationship.bankClientRelId}`,
    { ...period, types: [type] },
  );
  const batch = started.batches.find(isTheBatch);
  assert.ok(batch, `Start Ingestion made the ${templateType} batch`);
  return batch;
}

/** A row action of a batch in 'Batches Ready for Files'; `typeLabel` as the Type column shows it. */
export async function openBatchAction(
  page: Page,
  batch: { bankName: string; typeLabel: string },
  action: string,
): Promise<void> {
  const batches = page.getByRole('table', { name: 'Batches Ready for Files' });
  const label = new RegExp(`^Actions for ${escapeRegExp(batch.bankName)} / .* \\(${batch.typeLabel}\\)$`);
  await batches.getByRole('button', { name: label }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Upload Files with one file, then Extraction Progress until it is Extracted (a failure shows its row). */
export async function uploadAndExtract(
  page: Page,
  batch: { clientName: string; bankName: string; typeLabel: string },
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await openBatchAction(page, batch, 'Upload Files');
  const upload = page.getByRole('dialog', {
    name: `Upload Batch: ${batch.clientName} / ${batch.bankName} / `,
  });
  await upload.locator('input[type="file"]').setInputFiles(file);
  await upload.getByText(file.name, { exact: true }).waitFor();
  await upload.getByRole('button', { name: 'UPLOAD FILES' }).click();
  const result = page.getByRole('dialog', { name: 'Upload Results' });
  await result.getByText('Files uploaded successfully: 1').waitFor({ timeout: 60_000 });
  await result.getByText('Files with errors: 0').waitFor();
  await result.getByRole('button', { name: 'CLOSE' }).click();
  await result.waitFor({ state: 'detached' });

  await openBatchAction(page, batch, 'Extraction Progress');
  const progress = page.getByRole('dialog', { name: /^Extraction Progress: / });
  const row = progress
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: file.name, exact: true }) });
  // The dialog polls every 4 s while the file is queued or read.
  const settled = row.getByText(/^(Extracted|Failed)$/);
  await settled.waitFor({ timeout: EXTRACTION_WAIT_MS });
  assert.equal(await settled.innerText(), 'Extracted', await row.innerText());
  await progress.getByRole('button', { name: 'CLOSE' }).click();
  await progress.waitFor({ state: 'detached' });
}

/** The Validate Batch dialog (titled client / bank / account…) of a batch, located by its title. */
export function validateBatchDialog(page: Page, batch: { clientName: string; bankName: string }): Locator {
  return page.getByRole('dialog', {
    name: new RegExp(`^${escapeRegExp(`${batch.clientName} / ${batch.bankName} / `)}`),
  });
}

/** Validate Uploads on a batch: its Validate Batch dialog. */
export async function openValidateBatch(
  page: Page,
  batch: { clientName: string; bankName: string; typeLabel: string },
): Promise<Locator> {
  await openBatchAction(page, batch, 'Validate Uploads');
  const dialog = validateBatchDialog(page, batch);
  await dialog.waitFor();
  return dialog;
}

/** A table row's action from its menu (the button is labelled 'Actions for …'). */
export async function chooseRowAction(row: Locator, action: string): Promise<void> {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await row.page().getByRole('menuitem', { name: action, exact: true }).click();
}
