// Public API of @tideline/ingest: readers into a grid, native bank formats, the template engine.
export type { ByteSource } from './core/byte-source.js';
export type { ExtractionError, LimitName, RowError } from './core/extraction-error.js';
export type { Grid, GridRow, GridSheet, GridSource, PdfLine } from './core/grid.js';
export { DEFAULT_LIMITS, type Limits } from './core/limits.js';
export type { Result } from './core/result.js';

export { extractFile, type Extraction, type ExtractOptions } from './extract-file.js';
export { openGridFile, readGrid, type GridFormat } from './read-grid.js';
export type { GridFile, RowBatchHandler } from './core/grid-file.js';
export { openCsv, readCsv, type CsvLayout, type CsvOptions, type CsvStream } from './text/read-csv.js';
export { readXlsx } from './xlsx/read-xlsx.js';
export { gridToXlsx } from './xlsx/grid-to-xlsx.js';
export { createXlsxWriter, type XlsxWriter } from './xlsx/create-xlsx-writer.js';
export { readXls } from './xls/read-xls.js';
export { readPdf } from './pdf/read-pdf.js';
export { readJson } from './json/read-json.js';

export { detectFormat, type FileFormat } from './formats/detect-format.js';
export { readStatements, type StatementOptions } from './formats/read-statements.js';
export { parseBai2 } from './formats/parse-bai2.js';
export { parseCamt } from './formats/parse-camt.js';
export { parseOfx } from './formats/parse-ofx.js';
export { parseMt940 } from './formats/parse-mt940.js';
export {
  statementsToGrid,
  statementsToInvestmentTransactionRows,
  statementsToTransactionRows,
} from './formats/statements-to-rows.js';
export type {
  InvestmentPosition,
  InvestmentSecurity,
  InvestmentTransaction,
  Statement,
  StatementBalance,
  StatementFormat,
  StatementTransaction,
} from './formats/statement.js';
export {
  parseCamt086,
  type TreasuryBalanceRow,
  type TreasuryFeeRow,
  type TreasuryStatement,
} from './treasury/parse-camt086.js';

export { matchTemplate, type TemplateMatch } from './template/match-template.js';
export {
  applyTransactionTemplate,
  createTransactionExtractor,
} from './template/apply-transaction-template.js';
export { applyInvestmentTemplate, createInvestmentExtractor } from './template/apply-investment-template.js';
export type { RowExtractor } from './template/create-row-extractor.js';
export {
  applyPdfTableRules,
  type PdfTableColumns,
  type SkippedLine,
  type SkippedLineReason,
} from './template/pdf-table-lines.js';
export type {
  AccountBalanceSource,
  AccountStatement,
  InvestmentRow,
  InvestmentTransactionRow,
  TemplateContext,
  TransactionRow,
} from './template/template-context.js';
export { parseAmount } from './template/parse-amount.js';
export { parseDate } from './template/parse-date.js';
export {
  compareFingerprints,
  fingerprint,
  type FingerprintChange,
  type LayoutFingerprint,
} from './template/fingerprint.js';
