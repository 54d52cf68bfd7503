import { ScrollRegion } from '../../components/scroll-region';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TemplatePreview } from '@tideline/contracts/templates/templates.schemas';

type Sheet = TemplatePreview['sheets'][number];

const MAX_COLUMNS = 40;
const cellSx = { whiteSpace: 'nowrap', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The sample file as the template sees it: 0-based row and column numbers (ingestion.md step 4). */
export function PreviewGrid({ sheet }: { sheet: Sheet }) {
  const columns = Array.from({ length: Math.min(sheet.columnCount, MAX_COLUMNS) }, (_, i) => i);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {sheet.name ? `Sheet ${sheet.name}: ` : ''}
        {sheet.rows.length < sheet.totalRows
          ? `first ${sheet.rows.length} of ${sheet.totalRows} rows`
          : `${sheet.totalRows} rows`}
        {sheet.columnCount > MAX_COLUMNS ? `, first ${MAX_COLUMNS} of ${sheet.columnCount} columns` : ''}
      </Typography>
      <ScrollRegion label="Sample file" sx={{ maxHeight: 320, border: 1, borderColor: 'divider' }}>
        <Table size="small" stickyHeader aria-label="Sample file with row and column numbers">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Row
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c} component="th" scope="col" align="center">
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sheet.rows.map((row) => (
              <TableRow key={row.rowIndex}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                  {row.rowIndex}
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c} sx={cellSx} title={row.cells[c] ?? ''}>
                    {row.cells[c] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows the template produced from the sample. */
export function PreviewRows({ rows, rowCount }: { rows: TemplatePreview['rows']; rowCount: number }) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {rows.length < rowCount
          ? `First ${rows.length} of ${rowCount} rows produced`
          : `${rowCount} rows produced`}
      </Typography>
      <ScrollRegion label="Rows produced" sx={{ maxHeight: 320, border: 1, borderColor: 'divider' }}>
        <Table size="small" stickyHeader aria-label="Rows the template produces">
          <TableHead>
            <TableRow>
              {keys.map((k) => (
                <TableCell key={k} component="th" scope="col">
                  {k}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={i}>
                {keys.map((k) => (
                  <TableCell key={k} sx={cellSx}>
                    {show(row[k])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}
