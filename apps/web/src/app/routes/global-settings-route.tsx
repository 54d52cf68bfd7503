import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../components/page-loader';
import { useCan } from '../../lib/use-can';

const TemplatesTable = lazy(() =>
  import('../../features/templates/templates-table').then((m) => ({ default: m.TemplatesTable })),
);
const KeywordsTab = lazy(() =>
  import('../../features/settings/keywords-tab').then((m) => ({ default: m.KeywordsTab })),
);
const NotesSettingsTab = lazy(() =>
  import('../../features/settings/notes-settings-tab').then((m) => ({ default: m.NotesSettingsTab })),
);
const NotesTable = lazy(() =>
  import('../../features/notes/notes-table').then((m) => ({ default: m.NotesTable })),
);
const InvestmentsSettingsTab = lazy(() =>
  import('../../features/settings/investments-settings-tab').then((m) => ({
    default: m.InvestmentsSettingsTab,
  })),
);
const InstitutionTypesTab = lazy(() =>
  import('../../features/settings/institution-types-tab').then((m) => ({ default: m.InstitutionTypesTab })),
);
const QuoteTypesTab = lazy(() =>
  import('../../features/settings/quote-types-tab').then((m) => ({ default: m.QuoteTypesTab })),
);
const TreasuryListsTab = lazy(() =>
  import('../../features/settings/treasury-lists-tab').then((m) => ({ default: m.TreasuryListsTab })),
);

const RESOLVED = { kind: 'resolved' } as const;

// Tab 1: Manage Note Categories, then the Resolved Notes list only with VIEW_RESOLVED_NOTES (2.10).
function NotesTab() {
  const canViewResolved = useCan('VIEW_RESOLVED_NOTES');
  return (
    <Stack spacing={3}>
      <NotesSettingsTab />
      {canViewResolved && <NotesTable scope={RESOLVED} />}
    </Stack>
  );
}
// platform.md 2.12: tabs by index; a tab's data is fetched when it is chosen (each tab is its own
// chunk and its queries start when it mounts). Tab 6 is ours (issue 17 point 4): the treasury staging
// dialog's pick lists, kept where the spec's settings tabs keep the other lists.
const TAB_LABELS = [
  'Keywords',
  'Notes',
  'Investments',
  'Institution Types',
  'Quote Types',
  'Templates',
  'Treasury Services',
] as const;
const TEMPLATES_TAB = 5;
const TAB_CONTENT = [
  KeywordsTab,
  NotesTab,
  InvestmentsSettingsTab,
  InstitutionTypesTab,
  QuoteTypesTab,
  TemplatesTable,
  TreasuryListsTab,
] as const;

/** /global-settings (platform.md 2.12). */
export default function GlobalSettingsRoute() {
  const canViewTemplates = useCan('VIEW_TEMPLATES');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('tab') ?? 0);
  const tabs = TAB_LABELS.map((label, index) => ({ label, index })).filter(
    (t) => t.index !== TEMPLATES_TAB || canViewTemplates,
  );
  const current = tabs.find((t) => t.index === requested) ?? tabs[0]!;
  const Content = TAB_CONTENT[current.index]!;
  return (
    <Stack component="section" aria-labelledby="global-settings-header" spacing={2}>
      <Typography id="global-settings-header" variant="h4" component="h1">
        Global Settings
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current.index}
          onChange={(_e, index: number) => setSearchParams(index === 0 ? {} : { tab: String(index) })}
          aria-label="Global settings"
          variant="scrollable"
        >
          {tabs.map((t) => (
            <Tab
              key={t.index}
              value={t.index}
              label={t.label}
              id={`settings-tab-${t.index}`}
              aria-controls={`settings-panel-${t.index}`}
            />
          ))}
        </Tabs>
      </Box>
      <div
        role="tabpanel"
        id={`settings-panel-${current.index}`}
        aria-labelledby={`settings-tab-${current.index}`}
      >
        <Suspense fallback={<PageLoader />}>
          <Content />
        </Suspense>
      </div>
    </Stack>
  );
}
