import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';

interface SearchBoxProps {
  /** Each key; the table waits for the last one before it searches. */
  onChange: (value: string) => void;
  onClear: () => void;
}

/**
 * platform.md 2.8: the table's search box, placeholder 'Search', with a clear button. It keeps what is
 * typed itself, so a key redraws the box alone, not the table and its rows (issue 42 point 7).
 */
export function SearchBox({ onChange, onClear }: SearchBoxProps) {
  const [value, setValue] = useState('');
  return (
    <OutlinedInput
      size="small"
      type="search"
      placeholder="Search"
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onChange(event.target.value);
      }}
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
            <IconButton
              size="small"
              edge="end"
              aria-label="Clear search"
              onClick={() => {
                setValue('');
                onClear();
              }}
            >
              <ClearIcon fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : null
      }
    />
  );
}
