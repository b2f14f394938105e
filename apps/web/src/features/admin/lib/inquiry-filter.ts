import { inquiryFilterSchema, type InquiryFilter } from '@cedar/api-contract';

const { status: statusSchema, color: colorSchema, q: searchSchema } = inquiryFilterSchema.shape;

/**
 * The inbox's filter from the page's query string (`?status=new&color=yellow&q=megan`). A value
 * the server would refuse, from an old bookmark or a hand-edited address, is left out.
 */
export function filterFromSearchParams(params: URLSearchParams): InquiryFilter {
  const filter: InquiryFilter = {};
  const status = statusSchema.safeParse(params.get('status') ?? undefined);
  if (status.success && status.data) filter.status = status.data;
  const color = colorSchema.safeParse(params.get('color') ?? undefined);
  if (color.success && color.data) filter.color = color.data;
  const q = searchSchema.safeParse(params.get('q') ?? undefined);
  if (q.success && q.data) filter.q = q.data;
  return filter;
}

/** The filter as query parameters, in a fixed order, without the empty ones. */
export function filterSearchParams(filter: InquiryFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.color) params.set('color', filter.color);
  if (filter.q) params.set('q', filter.q);
  return params;
}

export function isFiltered(filter: InquiryFilter): boolean {
  return Boolean(filter.status || filter.color || filter.q);
}
