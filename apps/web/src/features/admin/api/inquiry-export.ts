import { API_ROUTES, type InquiryFilter } from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { filterSearchParams } from '../lib/inquiry-filter';
import { apiRequest } from '../lib/query-client';

interface CsvFile {
  blob: Blob;
  filename: string;
}

const FALLBACK_NAME = 'cedar-bluff-inquiries.csv';

/** The server's CSV of the filtered list, with the file name it gives (dated by its clock). */
async function exportInquiries(filter: InquiryFilter): Promise<CsvFile> {
  const query = filterSearchParams(filter).toString();
  const res = await apiRequest(
    'GET',
    `${API_ROUTES.inquiryExport.path}${query ? `?${query}` : ''}`,
  );
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"/\\]+)"/.exec(disposition)?.[1] ?? FALLBACK_NAME;
  return { blob: await res.blob(), filename };
}

export function useExportInquiries() {
  return useMutation({ mutationFn: exportInquiries });
}
