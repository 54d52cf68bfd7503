import { sql } from 'drizzle-orm';
import { EXCEPTION_RULES } from '@tideline/contracts/exceptions/exceptions.schemas';
import { scopeClients, type Detector, type Finding } from '../finding';

interface FileRow {
  clientId: number;
  batchFileId: number;
  fileName: string;
  status: 'Failed' | 'Queued' | 'In Progress';
  message: string | null;
  bankName: string;
  uploadedAt: string;
  changedAt: string;
  minutes: number;
}

const sentenceOf = (message: string | null) => {
  const text = (message ?? '').trim();
  if (text === '') return 'no reason was recorded.';
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

/**
 * Files of open reports that failed to extract, or wait Queued / In Progress longer than an
 * extraction takes (issue 43 point 1: "extraction failed, or a file Queued/In Progress too long").
 */
export const batchFilesDetector: Detector = {
  kinds: ['extraction_failed', 'file_stuck'],
  async detect(db, scope) {
    const { rows } =
      await db.execute(sql`select bf.client_id as "clientId", bf.batch_file_id as "batchFileId",
        bf.uploaded_file_name as "fileName", bf.status, bf.extraction_message as message,
        bk.bank_name as "bankName", bf.created_at as "uploadedAt", bf.updated_at as "changedAt",
        floor(extract(epoch from (${scope.now.toISOString()}::timestamptz - bf.updated_at)) / 60)::int as minutes
      from batch_files bf
      join batches b on b.batch_id = bf.batch_id
      join open_reports r on r.open_report_id = b.open_report_id and r.closed_at is null
      join bank_client_relationships rel on rel.bank_client_rel_id = b.bank_client_rel_id
      join banks bk on bk.bank_id = rel.bank_id
      where bf.client_id = any(${scopeClients(scope)})
        and (bf.status = 'Failed'
          or (bf.status in ('Queued', 'In Progress')
            and bf.updated_at < ${scope.now.toISOString()}::timestamptz - make_interval(mins => ${EXCEPTION_RULES.fileStuckMinutes})))`);
    return (rows as unknown as FileRow[]).map((r): Finding => {
      const link = { place: 'uploadDashboard' as const, clientId: r.clientId };
      const subjectKey = `file:${r.batchFileId}`;
      if (r.status === 'Failed')
        return {
          clientId: r.clientId,
          kind: 'extraction_failed',
          subjectKey,
          severity: 'High',
          summary: `${r.fileName} (${r.bankName}) failed to extract: ${sentenceOf(r.message)}`,
          link,
          since: new Date(r.changedAt).toISOString(),
          amount: null,
        };
      const hours = r.minutes >= 120 ? `${Math.floor(r.minutes / 60)} hours` : `${r.minutes} minutes`;
      return {
        clientId: r.clientId,
        kind: 'file_stuck',
        subjectKey,
        severity: r.minutes >= 120 ? 'High' : 'Medium',
        summary: `${r.fileName} (${r.bankName}) has been ${r.status} for ${hours}; an extraction takes minutes.`,
        link,
        since: new Date(r.changedAt).toISOString(),
        amount: null,
      };
    });
  },
};
