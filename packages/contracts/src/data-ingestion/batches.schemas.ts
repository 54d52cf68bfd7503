// ingestion-analysis.md 3 "Client batch": a batch is one bank relationship x one template type of a
// client's open report (ingestion.md "Batches").
export const BATCH_TEMPLATE_TYPES = ['Transaction', 'Investment', 'Treasury', 'Hybrid'] as const;
export type BatchTemplateType = (typeof BATCH_TEMPLATE_TYPES)[number];

export const BATCH_MSG = {
  notFound: 'Batch not found.',
} as const;
