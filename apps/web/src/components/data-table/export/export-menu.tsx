import { useRef, useState } from 'react';
import { enqueueSnackbar } from '../../../lib/toast-host';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { DataTableColumn } from '../data-table.types';
import { EXPORT_ROW_CAP, type CollectedRows, type ExportProgress } from './collect-export-rows';
import { downloadFile, toCsv, toExportMatrix } from './export-cells';

export type ExportFormat = 'csv' | 'xlsx';

interface ExportMenuProps<T> {
  columns: readonly DataTableColumn<T>[];
  fileName: string;
  /** Every filtered row, in the table's order. */
  collectRows: (onProgress: (p: ExportProgress) => void, signal: AbortSignal) => Promise<CollectedRows<T>>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Export of the current filtered rows (all of them, not only the page) to CSV or XLSX. */
export function ExportMenu<T>({ columns, fileName, collectRows }: ExportMenuProps<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  // Only server-mode exports report progress (they fetch page by page); client rows are at hand.
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const exportAs = async (format: ExportFormat) => {
    setAnchor(null);
    const abort = new AbortController();
    controller.current = abort;
    setIsExporting(true);
    try {
      const { rows, isTruncated } = await collectRows(setProgress, abort.signal);
      const matrix = toExportMatrix(columns, rows);
      if (format === 'csv') {
        downloadFile(`${fileName}.csv`, toCsv(matrix), 'text/csv;charset=utf-8');
      } else {
        const { writeXlsx } = await import('./xlsx-writer');
        downloadFile(`${fileName}.xlsx`, writeXlsx(matrix, fileName) as Uint8Array<ArrayBuffer>, XLSX_TYPE);
      }
      if (isTruncated) {
        enqueueSnackbar(`Only the first ${EXPORT_ROW_CAP.toLocaleString('en-US')} rows were exported.`, {
          variant: 'warning',
        });
      }
    } catch (error) {
      if (!abort.signal.aborted) {
        console.error('Export failed', error);
        enqueueSnackbar('Export failed.', { variant: 'error' });
      }
    } finally {
      controller.current = null;
      setIsExporting(false);
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={isExporting}
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void exportAs('csv')}>Export to CSV</MenuItem>
        <MenuItem onClick={() => void exportAs('xlsx')}>Export to XLSX</MenuItem>
      </Menu>
      <Dialog open={progress !== null} aria-labelledby="export-progress-title" maxWidth="xs" fullWidth>
        <DialogTitle id="export-progress-title">Exporting…</DialogTitle>
        <DialogContent>
          <LinearProgress
            variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label="Export progress"
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {progress && progress.total > 0 ? `${progress.loaded} of ${progress.total} rows` : 'Preparing…'}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => controller.current?.abort()}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
