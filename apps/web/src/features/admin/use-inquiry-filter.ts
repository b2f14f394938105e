import type { InquiryFilter } from '@cedar/api-contract';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { filterFromSearchParams, filterSearchParams } from './lib/inquiry-filter';

export type ChangeFilter = (
  change: Partial<InquiryFilter>,
  options?: { replace?: boolean },
) => void;

/**
 * The inbox's filter lives in the address (`/admin?status=new&q=megan`): Back and Forward step
 * through filters, and a reload or a bookmark shows the same list.
 */
export function useInquiryFilter(): [InquiryFilter, ChangeFilter] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(params), [params]);
  // The router renders a new address in a transition, so for a moment after a change the
  // rendered params are the old ones. A second change in that moment (Clear filters, then a status
  // at once) builds on the address last asked for, not on the old one it would otherwise bring back.
  const asked = useRef(params);
  useLayoutEffect(() => {
    asked.current = params;
  }, [params]);
  const change = useCallback<ChangeFilter>(
    (patch, { replace = false } = {}) => {
      const next = filterSearchParams({ ...filterFromSearchParams(asked.current), ...patch });
      asked.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );
  return [filter, change];
}
