import type { QuarterStepPlace } from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';

/** Where each step's button leads: the screen that holds the spec's button for it. */
export function linkOfStep(place: QuarterStepPlace, clientId: number): { to: string; state?: unknown } {
  const analysis = `/analysis?clientId=${clientId}`;
  switch (place) {
    case 'clientReport':
      return { to: `/client-management/${clientId}` };
    case 'clientBanks':
      return { to: `/client-management/${clientId}?sub=banks` };
    case 'clientReports':
      return { to: `/client-management/${clientId}?tab=4` };
    case 'uploadDashboard':
      return { to: `/data-ingestion/${clientId}` };
    case 'analysisTables':
    case 'analysisMonteCarlo':
      return { to: analysis, state: { tab: 0 } };
    case 'analysisShortTerm':
      return { to: analysis, state: { tab: 1 } };
    case 'analysisCashVest':
      return { to: analysis, state: { tab: 2 } };
  }
}
