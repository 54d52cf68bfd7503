import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVESTMENT_GROUP_MSG } from '@tideline/contracts/investments/investment-groups.schemas';
import { INVESTMENT_PAGE_SIZE, type Investment } from '@tideline/contracts/investments/investments.schemas';
import { MSG } from '@tideline/contracts/common/messages';
import { SEARCH_DEBOUNCE_MS } from '../../components/data-table/use-table-state';
import { failureMessage } from '../../lib/api-messages';
import { formatCurrency, formatDate } from '../../lib/format';
import { toInvestmentRequest } from './investment-filters';
import { fetchInvestmentPage } from './investments.api';
import { useAddGroupInvestments } from './investments.mutations';
import { investmentQueries } from './investments.queries';

interface AddGroupInvestmentsDialogProps {
  groupId: number;
  groupName: string;
  onClose: () => void;
}

/** The search term after the user stopped typing for the platform's debounce (platform.md 2.8). */
function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * 'Add Investment(s)' (spec 2): a search over the investments not already in the group; results appear
 * only once a term is typed, and Add needs at least one selected row. Selections survive new searches.
 */
export function AddGroupInvestmentsDialog({ groupId, groupName, onClose }: AddGroupInvestmentsDialogProps) {
  const titleId = useId();
  const [input, setInput] = useState('');
  const term = useDebounced(input);
  const [selected, setSelected] = useState<ReadonlyMap<number, Investment>>(new Map());
  const add = useAddGroupInvestments(groupId);
  const request = toInvestmentRequest(
    { pageSize: INVESTMENT_PAGE_SIZE, pageIndex: 0, filters: [], searchTerm: term, sortOrder: [] },
    { notInGroupId: groupId },
  );
  const results = useQuery({
    queryKey: [...investmentQueries.lists({ kind: 'all' }), 'not-in-group', request],
    queryFn: () => fetchInvestmentPage({ kind: 'all' }, request),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
  const rows = term === '' ? [] : (results.data?.results ?? []);

  const toggle = (investment: Investment) => {
    const next = new Map(selected);
    if (next.has(investment.id)) next.delete(investment.id);
    else next.set(investment.id, investment);
    setSelected(next);
  };
  const submit = () =>
    add.mutate([...selected.keys()], {
      onSuccess: (msg) => {
        enqueueSnackbar(msg || INVESTMENT_GROUP_MSG.investmentsAdded, { variant: 'success' });
        onClose();
      },
      onError: (error) =>
        enqueueSnackbar(failureMessage(error, INVESTMENT_GROUP_MSG.addInvestmentsFailed), {
          variant: 'error',
        }),
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Add Investment(s)</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Search the investments not yet in {groupName} by ID, type, bank, fund or client and account.
        </Typography>
        <TextField
          label="Search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          fullWidth
          autoFocus
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 200, type: 'search' } }}
        />
        <Box sx={{ minHeight: 240, maxHeight: 420, overflowY: 'auto', mt: 1 }}>
          {term === '' ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              Type a search term to find investments.
            </Typography>
          ) : results.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Searching" />
            </Box>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {MSG.noResultsFound}
            </Typography>
          ) : (
            <Table size="small" aria-label="Investments found">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>Client/Account Relationship</TableCell>
                  <TableCell>ID</TableCell>
                  <TableCell>Investment Type</TableCell>
                  <TableCell align="right">Face Value</TableCell>
                  <TableCell>Maturity Date</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} hover selected={selected.has(row.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row)}
                        slotProps={{
                          input: {
                            'aria-label': `Select ${row.investmentId ?? row.investmentType} of ${row.clientAccountRelationship}`,
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell>{row.clientAccountRelationship}</TableCell>
                    <TableCell>{row.investmentId ?? '---'}</TableCell>
                    <TableCell>{row.investmentType}</TableCell>
                    <TableCell align="right">{formatCurrency(row.faceValue)}</TableCell>
                    <TableCell>{formatDate(row.maturityDate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
        {term !== '' && results.data && results.data.resultCount > rows.length && (
          <Typography variant="body2" color="text.secondary">
            Showing the first {rows.length} of {results.data.resultCount}; refine the search to see others.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 2 }} aria-live="polite">
          {selected.size} selected
        </Typography>
        <Button onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={selected.size === 0} loading={add.isPending} onClick={submit}>
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
