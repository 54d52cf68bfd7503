import { useMutation } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';
import { failureMessage } from '../../lib/api-messages';
import { saveSignedDownload } from '../../lib/save-file';
import { fetchPdfLink } from './short-term.api';

/**
 * Download PDF (spec 7): asks for a short-lived signed link, fetches it as a blob without the
 * authorization header and saves it; 'Failed to Download PDF' when either step fails.
 */
export function useDownloadPdf(clientId: number) {
  const download = useMutation({
    mutationFn: async (fileUrl: string) => {
      const link = await fetchPdfLink(clientId, fileUrl);
      await saveSignedDownload(link.url, link.fileName);
    },
    onError: (error) =>
      enqueueSnackbar(failureMessage(error, SHORT_TERM_MSG.downloadFailed), { variant: 'error' }),
  });
  return {
    download: (fileUrl: string | null) => fileUrl && download.mutate(fileUrl),
    isPending: download.isPending,
  };
}
