import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, DATA_DIR, INVITE_LINK } from './env';
import { nextTotpCode, type TotpState } from './totp';

// The first administrator is set up once per run (by the first spec, or by whichever spec needs it
// first) and its password and TOTP key are kept in the run's data folder for the next spec files.
export interface AdminState extends TotpState {
  email: string;
  password: string;
}

const stateFile = path.join(DATA_DIR, 'e2e-admin.json');

export function readAdmin(): AdminState | undefined {
  return existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as AdminState) : undefined;
}

export function saveAdmin(state: AdminState): void {
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

export async function setNewPassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
}

export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

export async function enterMfaCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('MFA Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The invitation flow: set the password, sign in, enrol the authenticator from the key shown as text. */
export async function enrolFirstAdmin(page: Page): Promise<AdminState> {
  const password = 'Tideline-Admin-2024!';
  await setNewPassword(page, INVITE_LINK, password);
  await submitCredentials(page, ADMIN_EMAIL, password);
  await page.getByAltText('QR code to scan with your authenticator app').waitFor();
  const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  const state: AdminState = { email: ADMIN_EMAIL, password, secret, lastStep: 0 };
  const code = await nextTotpCode(state);
  saveAdmin(state);
  await enterMfaCode(page, code);
  await page.waitForURL('**/dashboard');
  return state;
}

/** After a first sign-in: enrols the authenticator from the key shown as text, and lands on the dashboard. */
export async function enrolFromQrCode(page: Page): Promise<TotpState> {
  await page.getByAltText('QR code to scan with your authenticator app').waitFor();
  const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  const state: TotpState = { secret, lastStep: 0 };
  await enterMfaCode(page, await nextTotpCode(state));
  await page.waitForURL('**/dashboard');
  return state;
}

/** Signs the admin in with the next unused TOTP step and waits until the app has left the sign-in screen. */
export async function signInAdmin(page: Page, admin: AdminState): Promise<void> {
  await submitCredentials(page, admin.email, admin.password);
  await page.getByLabel('MFA Code').waitFor();
  const code = await nextTotpCode(admin);
  saveAdmin(admin);
  await enterMfaCode(page, code);
  await page.waitForURL((url) => url.pathname !== '/');
}

/** The dashboard greeting (platform.md 2.5): a greeting for the time of day and the first name. */
export const GREETING = /^Good (morning|afternoon|evening), /;

/** Logout through the user menu of the shell (platform.md 2.2). */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** The admin of this run, enrolled through the browser if no spec has done it yet. */
export async function ensureAdmin(page: Page): Promise<AdminState> {
  const existing = readAdmin();
  if (existing) return existing;
  const admin = await enrolFirstAdmin(page);
  await logOut(page);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  return admin;
}
