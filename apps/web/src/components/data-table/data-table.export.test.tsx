import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table';
import { ACCOUNT_COLUMNS, ACCOUNTS, renderWithQueryClient } from './data-table.fixtures';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function captureDownloads() {
  const blobs: Blob[] = [];
  // jsdom has no object URLs: catch the blob handed to the download link instead.
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

describe('DataTable export', { timeout: 20_000 }, () => {
  it('exports every filtered row in table order, not only the page, formula-safe', async () => {
    const rows = [
      ...ACCOUNTS,
      ...Array.from({ length: 12 }, (_, i) => ({ ...ACCOUNTS[0]!, id: 100 + i, name: `=Evil ${i}` })),
    ];
    const downloads = captureDownloads();
    renderWithQueryClient(
      <DataTable
        title="Accounts"
        columns={[...ACCOUNT_COLUMNS, { id: 'id', header: 'Id', hiddenByDefault: true }]}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows }}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(1));
    expect(downloads.names).toEqual(['Accounts.csv']);
    const lines = (await downloads.blobs[0]!.text()).replace('\uFEFF', '').trimEnd().split('\r\n');
    // The header plus all 17 rows although the page shows 10; hidden columns stay out.
    expect(lines).toHaveLength(18);
    expect(lines[0]).toBe('Name,Balance,Opened,Status');
    // Sorted by Name, descending, as on screen.
    expect(lines[1]).toBe('Delta Escrow,0,2026-02-28,Inactive');
    expect(lines.filter((l) => l.startsWith("'=Evil"))).toHaveLength(12);
    expect(lines.some((l) => l.startsWith('=Evil'))).toBe(false);
  });

  it('loads the XLSX writer on click and downloads a workbook', async () => {
    const downloads = captureDownloads();
    renderWithQueryClient(
      <DataTable
        title="Accounts"
        exportFileName="accounts-2026"
        columns={ACCOUNT_COLUMNS}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows: ACCOUNTS }}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export to XLSX' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(1));
    expect(downloads.names).toEqual(['accounts-2026.xlsx']);
    const bytes = new Uint8Array(await downloads.blobs[0]!.arrayBuffer());
    // A zip package: 'PK' local file header.
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
  });
});
