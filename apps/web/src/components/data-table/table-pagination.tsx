import TablePagination from '@mui/material/TablePagination';
import { LOADING_ROWS_TEXT } from './filter-summary';

interface DataTablePaginationProps {
  count: number;
  /** More rows than count exist; the pages stop at count. */
  isCountBounded?: boolean;
  /** Nothing has arrived yet: the footer says so instead of '0–0 of 0'. */
  isLoading?: boolean;
  pageIndex: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Page-size selection and paging (platform.md 2.8 and 9). */
export function DataTablePagination(props: DataTablePaginationProps) {
  const lastPage = Math.max(0, Math.ceil(props.count / props.pageSize) - 1);
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={Math.min(props.pageIndex, lastPage)}
      rowsPerPage={props.pageSize}
      rowsPerPageOptions={[...props.pageSizes]}
      onPageChange={(_, page) => props.onPageChange(page)}
      onRowsPerPageChange={(e) => props.onPageSizeChange(Number(e.target.value))}
      labelDisplayedRows={({ from, to, count }) =>
        props.isLoading
          ? LOADING_ROWS_TEXT
          : `${from}–${to} of ${props.isCountBounded ? `more than ${count}` : count}`
      }
    />
  );
}
