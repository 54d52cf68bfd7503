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

// The status rules live beside the schemas without them, for screens that show a status only.
export {
  REPORTED_STATUS,
  REPORT_DUE_STATUS,
  statusAfterReport,
  canStartReport,
  nextReportPeriod,
} from './report-status';

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
