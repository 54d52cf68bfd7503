import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
}

/** platform.md 2.8: the table's search box, placeholder 'Search', with a clear button. */
export function SearchBox({ value, onChange, onClear }: SearchBoxProps) {
  return (
    <OutlinedInput
      size="small"
      type="search"
      placeholder="Search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputProps={{ 'aria-label': 'Search' }}
      sx={{
        minWidth: { xs: '100%', sm: 240 },
        // The browser's own cancel cross would duplicate the clear button.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        value ? (
          <InputAdornment position="end">
            <IconButton size="small" edge="end" aria-label="Clear search" onClick={onClear}>
              <ClearIcon fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : null
      }
    />
  );
}
