import type { Page } from 'playwright-core';

/**
 * New cashVest Score from the cashVest tab, through its five pages: each takes the value it shows (the
 * model's suggestion), or, when the model suggested none, its range's lowest; then Save.
 */
export async function saveCashVestScore(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'cashVest' }).click();
  await page.getByRole('button', { name: 'New cashVest Score' }).click();
  const wizard = page.getByRole('dialog', { name: 'Edit cashVest Score' });
  await wizard.getByText('Page 1 of 5: Value Score').waitFor();
  for (const [title, lowest] of [
    ['Value Score', '2'],
    ['Liquidity Proficiency', '3'],
    ['Warnick Potential Rate Indicator', '2'],
    ['Cash Flow Optimization', '2'],
    ['Investment Policy', '1'],
  ] as const) {
    await wizard.getByRole('button', { name: title, exact: true }).click();
    const field = wizard.getByRole('combobox', { name: new RegExp(`^${title} \\(`) });
    // An empty MUI select shows a zero-width space.
    if (((await field.textContent()) ?? '').replace(/[\s\u200b]/g, '') === '') {
      await field.click();
      await page.getByRole('option', { name: new RegExp(`^${lowest}( \\(suggested\\))?$`) }).click();
    }
  }
  await wizard.getByRole('button', { name: 'Save' }).click();
  await wizard.waitFor({ state: 'detached' });
}
