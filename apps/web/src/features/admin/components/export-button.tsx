import type { InquiryFilter } from '@cedar/api-contract';
import { Button } from '@mantine/core';
import { useExportInquiries } from '../api/inquiry-export';
import { downloadFile } from '../lib/download';
import { isFiltered } from '../lib/inquiry-filter';
import { isUnauthorized } from '../lib/query-client';
import { showError } from '../lib/toasts';

/**
 * Downloads the server's CSV of the list as filtered. Fetched by the page rather than followed as
 * a link, so that a failure is a message here instead of an error page saved as a file.
 */
export function ExportButton({ filter }: { filter: InquiryFilter }) {
  const exporting = useExportInquiries();
  const start = () => {
    if (exporting.isPending) return;
    exporting.mutate(filter, {
      onSuccess: ({ blob, filename }) => downloadFile(blob, filename),
      onError: (error) => {
        // A lost session sends the owner to the login page, which says enough.
        if (!isUnauthorized(error)) showError('The CSV file could not be made. Please try again.');
      },
    });
  };
  const label = isFiltered(filter) ? 'Export these to CSV' : 'Export all to CSV';
  return (
    <Button variant="outline" onClick={start} aria-busy={exporting.isPending}>
      {exporting.isPending ? 'Exporting...' : label}
    </Button>
  );
}
