import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import { useCan, usePermList } from '../../lib/use-can';
import { PageLoader } from '../../components/page-loader';

// The header comes first; each tab and the user dialog load as their own chunks.
const UsersTable = lazy(() => import('./users-table').then((m) => ({ default: m.UsersTable })));
const RolesTab = lazy(() => import('./roles-tab').then((m) => ({ default: m.RolesTab })));
const AuditLogTab = lazy(() => import('./audit-log-tab').then((m) => ({ default: m.AuditLogTab })));
const UserFormDialog = lazy(() => import('./user-form-dialog').then((m) => ({ default: m.UserFormDialog })));

interface TabDefinition {
  id: string;
  label: string;
  permission: Permission;
  Panel: ComponentType;
}

const TABS: readonly TabDefinition[] = [
  { id: 'users', label: 'Users', permission: 'VIEW_USERS', Panel: UsersTable },
  { id: 'roles', label: 'Roles', permission: 'VIEW_ROLES', Panel: RolesTab },
  { id: 'audit-log', label: 'Audit Log', permission: 'VIEW_AUDIT_LOG', Panel: AuditLogTab },
];

/** platform.md 2.6: /user-management, header 'Manage Users' with 'Add New User'; tabs by permission. */
export default function UserManagementPage() {
  const canAdd = useCan('ADD_USERS');
  const permList = usePermList();
  const visibleTabs = TABS.filter((t) => hasAnyPermission(permList, [t.permission]));
  const [searchParams, setSearchParams] = useSearchParams();
  const current = visibleTabs.find((t) => t.id === searchParams.get('tab')) ?? visibleTabs[0];
  const [isAdding, setIsAdding] = useState(false);
  const closeAdd = useCallback(() => setIsAdding(false), []);

  return (
    <Stack component="section" aria-labelledby="user-management-header" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography id="user-management-header" variant="h4" component="h1">
          Manage Users
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setIsAdding(true)}>
            Add New User
          </Button>
        )}
      </Stack>
      {current && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={current.id}
              onChange={(_event, tab: string) =>
                setSearchParams(tab === 'users' ? {} : { tab }, { replace: true })
              }
              aria-label="User management"
            >
              {visibleTabs.map((t) => (
                <Tab
                  key={t.id}
                  value={t.id}
                  label={t.label}
                  id={`user-management-tab-${t.id}`}
                  aria-controls={`user-management-panel-${t.id}`}
                />
              ))}
            </Tabs>
          </Box>
          <div
            role="tabpanel"
            id={`user-management-panel-${current.id}`}
            aria-labelledby={`user-management-tab-${current.id}`}
          >
            <Suspense fallback={<PageLoader />}>
              <current.Panel />
            </Suspense>
          </div>
        </>
      )}
      {isAdding && (
        <Suspense fallback={null}>
          <UserFormDialog onClose={closeAdd} />
        </Suspense>
      )}
    </Stack>
  );
}
