import { ScrollRegion } from './scroll-region';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from './data-table/empty-state';

/**
 * A dashboard widget (platform.md 2.5, 9): a titled card with a small table paged in the browser at a
 * fixed size, a spinner while loading and the empty state when there is nothing.
 */
export function PagedWidget<T>({
  id,
  title,
  action,
  isLoading,
  rows,
  pageSize,
  columns,
  rowKey,
  renderRow,
}: {
  /** The heading's id, naming the card region. */
  id: string;
  title: string;
  action?: ReactNode;
  isLoading: boolean;
  rows: readonly T[];
  pageSize: number;
  columns: readonly string[];
  rowKey: (row: T) => string | number;
  /** The row's cells, in column order. */
  renderRow: (row: T) => ReactNode;
}) {
  const [pageIndex, setPageIndex] = useState(0);
  // The rows are drawn in a background render React can interrupt, as DataTable's are (use-table-data.ts):
  // the spinner stays until then, instead of one long task when the answer arrives.
  const shown = useDeferredValue(useMemo(() => ({ isLoading, rows }), [isLoading, rows]));
  const page = shown.rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { id, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {shown.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : shown.rows.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <ScrollRegion label={`${title}: table`}>
              <Table size="small" aria-label={title} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    {columns.map((c) => (
                      <TableCell key={c}>{c}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.map((row) => (
                    <TableRow key={rowKey(row)}>{renderRow(row)}</TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
            <TablePagination
              component="div"
              count={shown.rows.length}
              page={pageIndex}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[]}
              onPageChange={(_e, next) => setPageIndex(next)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
