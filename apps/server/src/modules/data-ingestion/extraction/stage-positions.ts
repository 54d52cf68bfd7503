import type { InvestmentRow } from '@tideline/ingest/template/template-context';
import type { FileTemplateType } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { StagingSummary, StagingWriter } from '../staging/staging-writer';

// Issue 39 point 5: an OFX investment statement's positions (INVPOSLIST) are staged as staging
// investments without a template, as a user-made Investment template would stage them.

/**
 * Writes the positions through their own writer (after the transactions' writer finished: one COPY at
 * a time on the connection) into an Investment or Hybrid file's staging investments. A Transaction
 * file's accounts hold no investments: the positions are left out, and the note says so.
 */
export async function stagePositions(
  openWriter: () => StagingWriter,
  positions: readonly InvestmentRow[],
  templateType: FileTemplateType,
): Promise<{ summary: StagingSummary | null; note: string | null }> {
  if (positions.length === 0) return { summary: null, note: null };
  if (templateType === 'Transaction') {
    const count = positions.length === 1 ? '1 position' : `${positions.length} positions`;
    return {
      summary: null,
      note: `The file's ${count} of an investment statement were left out: upload it to the relationship's Investment batch.`,
    };
  }
  const writer = openWriter();
  await writer.write(positions);
  return { summary: await writer.finish(), note: null };
}

/** The two writers' summaries as one: the file's rows, accounts and refusals together. */
export function mergeSummaries(first: StagingSummary, second: StagingSummary | null): StagingSummary {
  if (!second) return first;
  const accounts = new Map(first.accounts);
  for (const [id, t] of second.accounts) {
    const seen = accounts.get(id);
    accounts.set(
      id,
      seen
        ? {
            rows: seen.rows + t.rows,
            minDate: [seen.minDate, t.minDate].filter((d) => d !== null).sort()[0] ?? null,
            maxDate:
              [seen.maxDate, t.maxDate]
                .filter((d) => d !== null)
                .sort()
                .at(-1) ?? null,
          }
        : t,
    );
  }
  return {
    table: first.table ?? second.table,
    rowCount: first.rowCount + second.rowCount,
    accounts,
    unknownAccounts: [...new Set([...first.unknownAccounts, ...second.unknownAccounts])].sort(),
    rowProblems: [...first.rowProblems, ...second.rowProblems],
    rowProblemCount: first.rowProblemCount + second.rowProblemCount,
  };
}
