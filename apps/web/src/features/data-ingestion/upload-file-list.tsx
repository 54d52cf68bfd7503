import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { FileTemplateType } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { ChosenFile } from './upload-choice';

// Spec 2 "Upload dialog": a hybrid batch's file is read as Transaction or Investment.
const HYBRID_TYPES: readonly FileTemplateType[] = ['Transaction', 'Investment'];

interface UploadFileListProps {
  files: readonly ChosenFile[];
  isHybrid: boolean;
  /** Each file's upload progress (0..1) while the upload runs. */
  progress: Readonly<Record<string, number>> | null;
  onChange: (name: string, change: Partial<Pick<ChosenFile, 'allowOverwrite' | 'templateType'>>) => void;
  onRemove: (name: string) => void;
}

/** The chosen files: per file the overwrite toggle, a hybrid batch's template type, and progress. */
export function UploadFileList({ files, isHybrid, progress, onChange, onRemove }: UploadFileListProps) {
  if (files.length === 0) return null;
  const isLocked = progress !== null;
  return (
    <List dense aria-label="Files to upload">
      {files.map((f) => (
        <ListItem
          key={f.name}
          divider
          secondaryAction={
            !isLocked && (
              <IconButton edge="end" aria-label={`Remove ${f.name}`} onClick={() => onRemove(f.name)}>
                <DeleteOutlineIcon />
              </IconButton>
            )
          }
        >
          <Stack sx={{ width: '100%', pr: 4 }} spacing={0.5}>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {f.name}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
              <FormControlLabel
                label="Allow overwrite"
                control={
                  <Switch
                    size="small"
                    checked={f.allowOverwrite}
                    disabled={isLocked}
                    onChange={(e) => onChange(f.name, { allowOverwrite: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `Allow overwrite of ${f.name}` } }}
                  />
                }
              />
              {isHybrid && (
                <RadioGroup
                  row
                  aria-label={`Template type of ${f.name}`}
                  value={f.templateType}
                  onChange={(e) => onChange(f.name, { templateType: e.target.value as FileTemplateType })}
                >
                  {HYBRID_TYPES.map((t) => (
                    <FormControlLabel
                      key={t}
                      value={t}
                      label={t}
                      disabled={isLocked}
                      control={<Radio size="small" />}
                    />
                  ))}
                </RadioGroup>
              )}
            </Stack>
            {progress && (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, Math.round((progress[f.name] ?? 0) * 100))}
                  aria-label={`Upload progress of ${f.name}`}
                />
              </Box>
            )}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
