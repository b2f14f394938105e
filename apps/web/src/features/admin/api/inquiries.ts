import {
  API_ROUTES,
  inquiryPageSchema,
  type InboxInquiry,
  type InquiryFilter,
  type InquiryPage,
} from '@cedar/api-contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { filterSearchParams } from '../lib/inquiry-filter';
import { apiRequest } from '../lib/query-client';

/** The prefix of every cached list of the inbox, whatever its filter. */
export const inquiryListsKey = [API_ROUTES.inquiryPage.path] as const;

type Cursor = string | null;

async function fetchPage(filter: InquiryFilter, cursor: Cursor): Promise<InquiryPage> {
  const params = filterSearchParams(filter);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  const res = await apiRequest('GET', `${API_ROUTES.inquiryPage.path}${query ? `?${query}` : ''}`);
  return inquiryPageSchema.parse(await res.json());
}

/** The inquiries matching `filter`, newest first, one page (the server's 50) at a time. */
export const inquiryListQueryOptions = (filter: InquiryFilter) =>
  infiniteQueryOptions({
    queryKey: [...inquiryListsKey, filter],
    queryFn: ({ pageParam }) => fetchPage(filter, pageParam),
    initialPageParam: null as Cursor,
    getNextPageParam: (page) => page.nextCursor,
  });

/** While another filter's first page loads, the list shows the previous one rather than nothing. */
export function useInquiryList(filter: InquiryFilter) {
  return useInfiniteQuery({
    ...inquiryListQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
}

/** Rewrites every loaded page of every cached list: a change the server confirmed, without a refetch. */
export function editCachedInquiries(
  client: QueryClient,
  edit: (items: InboxInquiry[]) => InboxInquiry[],
): void {
  client.setQueriesData<InfiniteData<InquiryPage, Cursor>>({ queryKey: inquiryListsKey }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) }
      : data,
  );
}

export function dropCachedInquiry(client: QueryClient, id: string): void {
  editCachedInquiries(client, (items) => items.filter((item) => item.id !== id));
}
