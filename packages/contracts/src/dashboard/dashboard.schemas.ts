import { z } from 'zod';

// platform.md 2.5 (dashboard widgets), 3 "Client list row" and "Report in progress", 7 "Dashboard"
// (GET /users/clients/{userId}, GET /users/client-reports/{userId}), 9 (page sizes, name cuts). The
// third widget, Maturing Investments, lives with the investments (investment-widgets.schemas).

/** Spec 9: rows a page of the My Clients and Reports In Progress widgets. */
export const MY_CLIENTS_PAGE_SIZE = 5;
export const REPORTS_IN_PROGRESS_PAGE_SIZE = 5;

/** Spec 9: a name longer than `over` characters shows its first `keep` characters then '...'. */
export const WIDGET_NAME_CUTS = {
  myClients: { over: 21, keep: 18 },
  reportsInProgress: { over: 16, keep: 13 },
  maturingInvestments: { over: 15, keep: 12 },
} as const;

/** Spec 3 "Client list row"; cashVest is the latest score, null until an analysis exists. */
export const ClientListRowSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  cashVest: z.number().nullable(),
});
export type ClientListRow = z.infer<typeof ClientListRowSchema>;

/** Spec 3 "Report in progress"; status is READY, IN PROGRESS or another cycle state. */
export const ReportInProgressSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  startDate: z.string(),
  // Start Report takes an optional due date (ingestion.md "Reporting cycle").
  dueDate: z.string().nullable(),
  numberOfOpenBatches: z.number().int(),
  status: z.string(),
});
export type ReportInProgress = z.infer<typeof ReportInProgressSchema>;

export const REPORT_STATUS = { ready: 'READY', inProgress: 'IN PROGRESS' } as const;
