import type { Grid } from '../core/grid.js';
import type { Limits } from '../core/limits.js';
import { ok, type Result } from '../core/result.js';
import { withExpectedBytes } from '../core/read-sized-bytes.js';
import { extractFile, type ExtractOptions, type Extraction } from '../extract-file.js';
import { previewFile, type PreviewInput } from '../preview/preview-file.js';
import { readGrid, type GridFormat } from '../read-grid.js';
import type { TemplatePreview } from '@tideline/contracts/templates/templates.schemas';
import type { ParentChannel } from './parent-channel.js';

/** extractFile's options that cross into the worker: the callbacks stay with the parent. */
export type WorkerExtractOptions = Omit<ExtractOptions, 'onRows' | 'onGridRows' | 'keepGrid' | 'onReaderBug'>;

export interface ExtractFileInput {
  options: WorkerExtractOptions;
  /** The file's length when the parent knows it: a workbook is then collected into one buffer. */
  fileSize: number | undefined;
  /** Whether the parent takes rows (and grid rows) in batches; else they come with the result. */
  hasRowsHandler: boolean;
  hasGridRowsHandler: boolean;
}

/**
 * What the ingest worker can be asked to do with a user's file. Every task answers a Result, so a
 * failure crosses the thread boundary as a typed value; the worker itself adds memory and time limits.
 */
export interface IngestTasks {
  previewFile: { input: PreviewInput; output: TemplatePreview };
  readGrid: { input: { bytes: Uint8Array; format: GridFormat; limits: Partial<Limits> }; output: Grid };
  /** The file itself is pulled from the parent in chunks (the channel's source). */
  extractFile: { input: ExtractFileInput; output: Extraction };
}

export type IngestTaskName = keyof IngestTasks;

type Runners = {
  [N in IngestTaskName]: (
    input: IngestTasks[N]['input'],
    channel: ParentChannel,
  ) => Promise<Result<IngestTasks[N]['output']>>;
};

const RUNNERS: Runners = {
  previewFile: async (input) => ok(await previewFile(input)),
  readGrid: (input) => readGrid(input.bytes, input.format, { limits: input.limits }),
  extractFile: (input, channel) =>
    extractFile(withExpectedBytes(channel.source(), input.fileSize), {
      ...input.options,
      ...(input.hasRowsHandler ? { onRows: (rows) => channel.sendRows(rows) } : {}),
      ...(input.hasGridRowsHandler ? { onGridRows: (rows, sheet) => channel.sendGridRows(rows, sheet) } : {}),
      onReaderBug: (cause) => channel.reportBug(cause),
    }),
};

export function runIngestTask<N extends IngestTaskName>(
  name: N,
  input: IngestTasks[N]['input'],
  channel: ParentChannel,
): Promise<Result<IngestTasks[N]['output']>> {
  return RUNNERS[name](input, channel);
}
