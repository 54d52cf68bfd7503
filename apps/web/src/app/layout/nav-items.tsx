import type { ReactNode } from 'react';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import BusinessCenterOutlinedIcon from '@mui/icons-material/BusinessCenterOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TrendingUpOutlinedIcon from '@mui/icons-material/TrendingUpOutlined';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { ROUTE_PERMISSIONS, type ProtectedRoute } from '@tideline/contracts/access/route-permissions';

export interface NavItem {
  to: ProtectedRoute;
  label: string;
  icon: ReactNode;
}

/** platform.md 2.2: the sidebar links, in the spec's order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Home', icon: <HomeOutlinedIcon /> },
  { to: '/user-management', label: 'Users', icon: <PeopleOutlineIcon /> },
  { to: '/client-management', label: 'Clients', icon: <BusinessCenterOutlinedIcon /> },
  { to: '/bank-management', label: 'Banks', icon: <AccountBalanceOutlinedIcon /> },
  { to: '/data-ingestion', label: 'Data Ingestion', icon: <CloudUploadOutlinedIcon /> },
  { to: '/investment-management', label: 'Investments', icon: <TrendingUpOutlinedIcon /> },
  { to: '/analysis', label: 'Analysis', icon: <InsightsOutlinedIcon /> },
  // Issue 43 (beyond the spec): the cross-client exception queue.
  { to: '/exceptions', label: 'Exceptions', icon: <ReportProblemOutlinedIcon /> },
  { to: '/global-settings', label: 'Global Settings', icon: <SettingsOutlinedIcon /> },
];

/** Each link only with the view permission of its route (the same table the route guards use). */
export function navItemsFor(permList: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    const permission = ROUTE_PERMISSIONS[item.to];
    return permission === null || hasAnyPermission(permList, [permission]);
  });
}
