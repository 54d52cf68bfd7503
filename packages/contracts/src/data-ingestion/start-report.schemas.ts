import { z } from 'zod';
import { ClientReportStatusSchema } from '../clients/clients.schemas';
import { OptionalDateSchema, RequiredDateSchema, refineDateRange } from './cycle-dates';

// clients-accounts-investments-reports.md 4 (the enable rule), 5 (startDate and endDate required,
// dueDate optional), 7 (POST /api/clients/start-report/{id} {client}), 8 (failures listed with the client
// name); ingestion.md "Reporting cycle": one open cycle per client.

export const START_REPORT_MSG = {
  started: 'Report started successfully.',
  failed: 'Failed to start report.',
  alreadyOpen: 'A report is already open for this client.',
  resultTitle: 'Start Report Results',
  failuresHeading: 'The report could not be started for:',
  startedHeading: 'The report was started for:',
} as const;

/** The spec's client report status value that disables Start Report. */
export const REPORTED_STATUS = 'Reported';

/** Ours: a reported client whose next period has ended; Start Report is enabled again. */
export const REPORT_DUE_STATUS = 'Report Due';

/**
 * The status of a client with no open cycle whose last report covered up to `lastReportDate`: 'Reported'
 * until the next period (reportFrequency months, 3 when unset) has ended, then 'Report Due'. Without
 * this a reported client could never start its next cycle (spec 4 disables Start Report on Reported).
 */
export function statusAfterReport(
  lastReportDate: string,
  reportFrequency: number | null,
  today: string,
): typeof REPORTED_STATUS | typeof REPORT_DUE_STATUS {
  const [year, month] = lastReportDate.split('-').map(Number) as [number, number];
  // The last day of the month `reportFrequency` months after the reported period's last month.
  const nextEnd = new Date(Date.UTC(year, month + (reportFrequency ?? 3), 0)).toISOString().slice(0, 10);
  return today <= nextEnd ? REPORTED_STATUS : REPORT_DUE_STATUS;
}

/** Spec 4: enabled only when a report row exists and its status is not Reported. */
export function canStartReport(status: { reportStatus: string | null } | null | undefined): boolean {
  return status != null && status.reportStatus !== REPORTED_STATUS;
}

/**
 * The spec's payload also carries analysisReportId (or null): the cycle it continues. One open cycle per
 * client makes it redundant, so it is accepted and not read.
 */
export const StartReportInputSchema = z
  .object({
    startDate: RequiredDateSchema,
    endDate: RequiredDateSchema,
    dueDate: OptionalDateSchema.optional(),
    analysisReportId: z.number().int().nullable().optional(),
  })
  .superRefine(refineDateRange);
export type StartReportInput = z.input<typeof StartReportInputSchema>;
export type StartReportInputParsed = z.output<typeof StartReportInputSchema>;

export const StartReportBodySchema = z.object({ client: StartReportInputSchema });

/** 201: the client's new report status (the Report Status widget's first element). */
export const StartReportResultSchema = z.object({
  msg: z.string(),
  openReportId: z.number().int(),
  reportStatus: ClientReportStatusSchema,
});
export type StartReportResult = z.infer<typeof StartReportResultSchema>;
