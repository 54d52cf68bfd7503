import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  REPORT_COMMENT_PREVIEW,
  REPORT_MSG,
  type Report,
  type ReportFileKind,
} from '@tideline/contracts/reports/reports.schemas';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import { formatDate, truncateText } from '../../lib/format';

/** 'Reports List' opens newest generation first (spec 2). */
export const REPORTS_INITIAL_SORT = { id: 'systemReportGeneratedAt', desc: true } as const;

export const REPORT_FILTERS: readonly FilterDefinition<Report>[] = [
  { id: 'systemReportGeneratedAt', label: 'Generation Date', kind: 'dateRange' },
  { id: 'presentationDate', label: 'Presentation Date', kind: 'dateRange' },
  { id: 'finalized', label: 'Finalized', kind: 'boolean' },
  { id: 'published', label: 'Published', kind: 'boolean' },
  { id: 'uploadedBy', label: 'Uploaded By', kind: 'text' },
];

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

function PdfCell({
  report,
  kind,
  onDownload,
}: {
  report: Report;
  kind: ReportFileKind;
  onDownload: (report: Report, kind: ReportFileKind) => void;
}) {
  if (kind === 'system' && report.generationStatus === 'failed') {
    return (
      <Typography variant="body2" color="error" title={report.generationError ?? undefined}>
        {REPORT_MSG.generateFailed}
      </Typography>
    );
  }
  if (kind === 'system' && report.generationStatus !== 'done') {
    return (
      <Typography variant="body2" color="text.secondary">
        Generating...
      </Typography>
    );
  }
  const fileName = kind === 'system' ? report.systemReport : report.userReport;
  if (!fileName) return <>---</>;
  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfOutlinedIcon />}
      title={fileName}
      onClick={() => onDownload(report, kind)}
    >
      Download
    </Button>
  );
}

/**
 * The columns of 'Reports List' (spec 3 "Report"): the PDF columns only for those who may download them
 * (DOWNLOAD_REPORTS), the comment cut at 100 characters then an ellipsis (spec 5, 9).
 */
export function reportColumns({
  canDownload,
  onDownload,
}: {
  canDownload: boolean;
  onDownload: (report: Report, kind: ReportFileKind) => void;
}): DataTableColumn<Report>[] {
  const pdfColumns: DataTableColumn<Report>[] = canDownload
    ? [
        {
          id: 'systemReport',
          header: 'System Report',
          sortable: false,
          cell: (r) => <PdfCell report={r} kind="system" onDownload={onDownload} />,
        },
        {
          id: 'userReport',
          header: 'User Report',
          sortable: false,
          cell: (r) => <PdfCell report={r} kind="user" onDownload={onDownload} />,
        },
      ]
    : [];
  return [
    {
      id: 'systemReportGeneratedAt',
      header: 'Generation Date',
      accessor: (r) => new Date(r.systemReportGeneratedAt),
      cell: (r) => formatDate(r.systemReportGeneratedAt),
      exportValue: (r) => formatDate(r.systemReportGeneratedAt),
    },
    {
      id: 'reportPeriod',
      header: 'Report Period',
      accessor: (r) => `${formatDate(r.reportStartDate)} - ${formatDate(r.reportEndDate)}`,
    },
    ...pdfColumns,
    {
      id: 'presentationDate',
      header: 'Presentation Date',
      cell: (r) => formatDate(r.presentationDate),
      exportValue: (r) => formatDate(r.presentationDate),
    },
    { id: 'finalized', header: 'Finalized', cell: (r) => yesNo(r.finalized) },
    { id: 'published', header: 'Published', cell: (r) => yesNo(r.published) },
    {
      id: 'comment',
      header: 'Comment',
      // An element, so the preview wraps within the column rather than being cut again by the cell.
      cell: (r) => <span>{truncateText(r.comment, REPORT_COMMENT_PREVIEW)}</span>,
      exportValue: (r) => r.comment ?? '',
      maxWidth: 360,
    },
    { id: 'uploadedBy', header: 'Uploaded By', cell: (r) => r.uploadedBy ?? '---' },
  ];
}
