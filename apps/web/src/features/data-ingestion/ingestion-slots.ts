import type { ComponentType, ReactNode } from 'react';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { FileTemplateType } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';

// What the upload dashboard shows of other areas (notes, templates, investments…). src/app fills
// these in, because features do not import each other (style.md "The shape").

/** Add Note and View Notes of a batch (the notes area's batch scope). */
export interface BatchNotesSlots {
  renderAddNote: (batch: ClientBatch, onClose: () => void) => ReactNode;
  renderViewNotes: (batch: ClientBatch, onClose: () => void) => ReactNode;
}

/** Where Create First Cell / Header Row Template starts: what extraction detected in the file. */
export type TemplateStart =
  | { templateType: 'Cell'; firstCell: string }
  | { templateType: 'Header'; headerRow: string; headerRowNumber: number | null };

export interface TemplateRequest {
  type: FileTemplateType;
  bankClientRelId: number;
  /** Who the template is for: the bank's name. */
  subtitle: string;
  start: TemplateStart;
  /** The stored file the live preview reads (POST /api/templates/preview {fileAuditId}). */
  sample: { fileAuditId: number; fileName: string };
}

/** Opens the relationship's template form; `onSaved` after a save, `onClose` either way. */
export type RenderTemplateForm = (
  request: TemplateRequest,
  handlers: { onSaved: () => void; onClose: () => void },
) => ReactNode;

/** A tab of the upload dashboard from another area, shown with its permission. */
export interface ClientTabDefinition {
  id: string;
  label: string;
  permission: Permission;
  Panel: ComponentType<{ clientId: number }>;
}

/**
 * Opens another area's staging dialog on batch accounts of a batch; `onClose` when it is closed.
 * `view` 'duplicates-to-decide' opens the transactions on the possible duplicates nobody decided yet
 * (issue 39: they block Validate).
 */
export type RenderStagingDialog = (
  request: { batch: ClientBatch; batchAccountIds: number[]; view?: 'duplicates-to-decide' },
  onClose: () => void,
) => ReactNode;

/**
 * The staging dialogs the Validate Batch dialog's Edit/Inspect/Validate actions open (spec 2); an
 * action is offered once its dialog is given here.
 */
export interface StagingSlots {
  transactions?: RenderStagingDialog;
  investments?: RenderStagingDialog;
  /** The sections (Balance, Fees, Account Balance) of a Treasury batch. */
  treasury?: RenderStagingDialog;
}

export interface UploadDashboardSlots {
  notes?: BatchNotesSlots;
  staging?: StagingSlots;
  renderTemplateForm?: RenderTemplateForm;
  tabs?: readonly ClientTabDefinition[];
  /** The quarter checklist under the header (issue 42 point 1), from its own feature. */
  renderChecklist?: (clientId: number) => ReactNode;
}
