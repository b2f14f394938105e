import {
  API_ROUTES,
  inquiryNewsSchema,
  type InboxInquiry,
  type InquiryFilter,
  type InquiryNews,
  type InquiryPage,
} from '@cedar/api-contract';
import {
  type InfiniteData,
  type QueryClient,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { filterSearchParams } from '../lib/inquiry-filter';
import { apiRequest } from '../lib/query-client';
import { inquiryListsKey } from './inquiries';
import { inquiryStatsQueryOptions } from './inquiry-stats';
import { intakeStatusQueryOptions } from './intake-status';

/** How often the open dashboard asks for news while it is visible. */
export const NEWS_INTERVAL_MS = 30_000;

async function fetchNews(filter: InquiryFilter, since: string): Promise<InquiryNews> {
  const params = filterSearchParams(filter);
  params.set('since', since);
  const res = await apiRequest('GET', `${API_ROUTES.inquiryNews.path}?${params.toString()}`);
  return inquiryNewsSchema.parse(await res.json());
}

type Cursor = string | null;

/**
 * Puts the arrivals at the top of the list's first page, leaving every loaded card, and so its
 * open note and the scroll, as it is. Answers the ones that were not listed yet.
 */
function joinList(
  client: QueryClient,
  filter: InquiryFilter,
  items: InboxInquiry[],
): InboxInquiry[] {
  let joined: InboxInquiry[] = [];
  client.setQueryData<InfiniteData<InquiryPage, Cursor>>([...inquiryListsKey, filter], (data) => {
    if (!data || data.pages.length === 0) return data;
    const listed = new Set(data.pages.flatMap((page) => page.items.map((item) => item.id)));
    joined = items.filter((item) => !listed.has(item.id));
    if (joined.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [...joined, ...first!.items] }, ...rest] };
  });
  return joined;
}

/**
 * The live inbox: while the dashboard is visible, every 30 s (and at once when it becomes visible
 * again) it asks what arrived since it last asked, and new inquiries join the list shown. The
 * figures and the intake's state are asked for again at the same moments. Only these queries
 * refetch on their own: every other keeps the spec's defaults (never stale, no refetch on focus).
 *
 * `since` is the server's time the list was read (its first page's `asOf`): mount this once the
 * list is loaded. `onJoined` hears of the inquiries that joined the list.
 */
export function useInquiryNews(
  filter: InquiryFilter,
  since: string,
  onJoined: (items: InboxInquiry[]) => void,
) {
  const client = useQueryClient();
  // Where the last answer left off; a list read again later starts from its own time.
  const mark = useRef(since);
  if (mark.current < since) mark.current = since;
  const joined = useRef(onJoined);
  joined.current = onJoined;

  return useQuery({
    queryKey: [API_ROUTES.inquiryNews.path, filter],
    queryFn: async () => {
      const news = await fetchNews(filter, mark.current);
      mark.current = news.asOf;
      if (news.more) await client.invalidateQueries({ queryKey: [...inquiryListsKey, filter] });
      else {
        const added = joinList(client, filter, news.items);
        if (added.length > 0) joined.current(added);
      }
      await Promise.all([
        client.refetchQueries({ queryKey: inquiryStatsQueryOptions.queryKey, type: 'active' }),
        client.refetchQueries({ queryKey: intakeStatusQueryOptions.queryKey, type: 'active' }),
      ]);
      return news;
    },
    // No ask on mount: the list was just read. The first comes after the interval, or on return.
    initialData: { items: [], more: false, asOf: since },
    initialDataUpdatedAt: () => Date.now(),
    refetchInterval: NEWS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}
