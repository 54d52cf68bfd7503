import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  enrolFromQrCode,
  ensureAdmin,
  setNewPassword,
  signInAdmin,
  submitCredentials,
} from '../support/admin';
import { type ApiCall, signedInApi } from '../support/api';
import { assertNoSeriousViolations } from '../support/axe';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { chooseRowAction, findClientId } from '../support/ingestion';
import { waitForMailLink } from '../support/outbox';

// Issue 19 point 6: a reporting cycle's last step on the demo data. Port Alder's report is started
// through the API (the other specs use other clients); then, in the browser: Generate Report -> the job
// ends and the system PDF downloads -> an edited PDF is uploaded, completing the report -> Finalize
// publishes it -> the client's report status reads 'Reported'. A Client Viewer of Port Alder downloads
// the report from the Reports tab; a Client Viewer of another client gets 404 for it.

const CLIENT = 'City of Port Alder';
const OTHER_CLIENT = 'Northern Plains State University System';
const JOB_WAIT_MS = 120_000;

let browser: Browser;
let page: Page;
let api: ApiCall;
let clientId: number;
let reportId: number;

before(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);
  clientId = await findClientId(api, CLIENT);
  const status = await api<{ reportStatus: string | null }[]>(
    'GET',
    `/api/clients/report-status/${clientId}`,
  );
  if (status[0]?.reportStatus !== 'Reporting') {
    // The last full month: the report's period.
    const firstOfMonth = new Date();
    firstOfMonth.setUTCDate(1);
    const endDate = new Date(firstOfMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
    await api('POST', `/api/clients/start-report/${clientId}`, {
      client: { startDate: `${endDate.slice(0, 7)}-01`, endDate },
    });
  }
});
after(async () => {
  await browser.close();
});

const reportsTable = (p: Page) => p.getByRole('table', { name: 'Reports List' });
/** The newest report: 'Reports List' is sorted by generation date, newest first. */
const newestRow = (p: Page): Locator => reportsTable(p).getByRole('row').nth(1);

/** Clicks a Download button and returns the file's bytes. */
async function download(p: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([p.waitForEvent('download'), button.click()]);
  return readFile((await file.path())!);
}

/** Invites a Client Viewer of `clientIds`, who sets a password, enrols and lands on the dashboard. */
async function signInNewClientViewer(clientIds: number[]): Promise<Page> {
  const roles = await api<{ roleId: number; roleName: string }[]>('GET', '/api/roles');
  const roleId = roles.find((r) => r.roleName === 'Client Viewer')!.roleId;
  const email = `viewer.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Viewer-Password-2026!';
  await api('POST', '/api/users/add', {
    user: { firstName: 'Vera', lastName: 'Viewer', email, roleId, clientAssociation: clientIds },
  });
  const viewerPage = await openPage(browser, BASE_URL);
  await setNewPassword(viewerPage, await waitForMailLink(email, /\/reset-password\//), password);
  await submitCredentials(viewerPage, email, password);
  await enrolFromQrCode(viewerPage);
  return viewerPage;
}

test('an analyst generates the Liquidity Analysis and downloads it', async () => {
  const listReports = () =>
    api<{ reportId: number; generationStatus: string }[]>('GET', `/api/reports/all/${clientId}`);
  const before = (await listReports()).length;
  await page.goto(`/client-management/${clientId}?tab=4`);
  await reportsTable(page).waitFor();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await dialog.getByRole('button', { name: 'Generate Report' }).click();
  await dialog.waitFor({ state: 'detached' });

  // A job writes the PDF; once the new report is done, its System Report column offers it.
  const deadline = Date.now() + JOB_WAIT_MS;
  let reports = await listReports();
  while (reports.length === before || reports[0]!.generationStatus !== 'done') {
    assert.ok(Date.now() < deadline, `no report generated within ${JOB_WAIT_MS} ms`);
    await page.waitForTimeout(1000);
    reports = await listReports();
  }
  reportId = reports[0]!.reportId;
  const systemDownload = newestRow(page).getByRole('button', { name: 'Download' }).first();
  await systemDownload.waitFor({ timeout: 30_000 });
  await saveScreenshot(page, '18-reports-list');
  await assertNoSeriousViolations(page, 'the Reports tab');

  const pdf = await download(page, systemDownload);
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
});

test('an edited PDF uploaded completes the report, and Finalize publishes it', async () => {
  const edited = Buffer.concat([
    await download(page, newestRow(page).getByRole('button', { name: 'Download' }).first()),
    Buffer.from('% edited by the advisor\n'),
  ]);
  await chooseRowAction(newestRow(page), 'Upload and Complete');
  const upload = page.getByRole('dialog', { name: 'Upload and Complete' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'Port Alder - edited.pdf',
    mimeType: 'application/pdf',
    buffer: edited,
  });
  await upload.getByRole('button', { name: 'Upload and Complete' }).click();
  await upload.waitFor({ state: 'detached', timeout: 30_000 });
  // The User Report column now offers the uploaded file.
  await newestRow(page).getByRole('button', { name: 'Download' }).nth(1).waitFor();

  await chooseRowAction(newestRow(page), 'Finalize');
  await page
    .getByRole('dialog', { name: 'Finalize Report' })
    .getByRole('button', { name: 'Finalize' })
    .click();
  await page.getByText('Report finalized successfully.').waitFor();
  const reports = await api<{ reportId: number; finalized: boolean; published: boolean }[]>(
    'GET',
    `/api/reports/all/${clientId}`,
  );
  assert.deepEqual(
    reports.filter((r) => r.reportId === reportId).map((r) => [r.finalized, r.published]),
    [[true, true]],
  );

  // The cycle is closed: the client's report status reads 'Reported'.
  await page.goto(`/client-management/${clientId}`);
  await page.getByText('Reported', { exact: true }).waitFor();
});

test("a Client Viewer of the client downloads it; another client's viewer gets 404", async () => {
  const viewer = await signInNewClientViewer([clientId]);
  await viewer.goto(`/client-management/${clientId}?tab=4`);
  const row = newestRow(viewer);
  await row.getByRole('button', { name: 'Download' }).nth(1).waitFor();
  // Download only: no actions and no Generate Report for a Client Viewer.
  assert.equal(await row.getByRole('button', { name: /^Actions for / }).count(), 0);
  assert.equal(await viewer.getByRole('button', { name: 'Generate Report' }).count(), 0);
  const userPdf = await download(viewer, row.getByRole('button', { name: 'Download' }).nth(1));
  assert.ok(userPdf.toString('latin1').endsWith('% edited by the advisor\n'));
  await saveScreenshot(viewer, '18-client-viewer-reports');

  const stranger = await signInNewClientViewer([await findClientId(api, OTHER_CLIENT)]);
  const token = await stranger.evaluate(async () => {
    const r = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    return ((await r.json()) as { accessToken: string }).accessToken;
  });
  const refused = await stranger.request.get(`/api/reports/download/${reportId}/user`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(refused.status(), 404);
  await viewer.context().close();
  await stranger.context().close();
});
