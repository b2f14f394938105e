import type { InquiryFilter } from '@cedar/api-contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterFromSearchParams, filterSearchParams } from './lib/inquiry-filter';

export type ChangeFilter = (change: Partial<InquiryFilter>, options?: { replace?: boolean }) => void;

/**
 * The inbox's filter lives in the address (`/admin?status=new&q=megan`): Back and Forward step
 * through filters, and a reload or a bookmark shows the same list.
 */
export function useInquiryFilter(): [InquiryFilter, ChangeFilter] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(params), [params]);
  const change = useCallback<ChangeFilter>(
    (patch, { replace = false } = {}) => {
      // From the address as it is when the change lands: a search typed just before a status
      // change is not lost to a stale copy.
      setParams((current) => filterSearchParams({ ...filterFromSearchParams(current), ...patch }), {
        replace,
      });
    },
    [setParams],
  );
  return [filter, change];
}
