import {
  API_ROUTES,
  depositAmountsSchema,
  depositCheckoutSchema,
  depositOverviewSchema,
  depositSchema,
  depositUrl,
  type DepositAmountChange,
  type DepositRecord,
} from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, errorBodyOf, parsedQueryFn } from '../lib/query-client';

const depositsQueryOptions = queryOptions({
  queryKey: [API_ROUTES.deposits.path],
  queryFn: parsedQueryFn(depositOverviewSchema),
  staleTime: 0,
});

/** Each listed family's deposit, the amounts asked, and whether card payments are on (issue 40). */
export function useDeposits() {
  return useQuery(depositsQueryOptions);
}

const refresh = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: depositsQueryOptions.queryKey });

const json = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** Sets the default deposit, or a litter's own (null: the default again). */
export function useSetDepositAmount() {
  return useMutation({
    mutationFn: async (change: DepositAmountChange) => {
      const res = await apiRequest('PUT', API_ROUTES.depositAmount.path, json(change));
      return depositAmountsSchema.parse(await res.json());
    },
    onSettled: (_a, _e, _i, _r, { client }) => refresh(client),
  });
}

type DepositAction =
  | { kind: 'record'; entryId: string; record: DepositRecord }
  | { kind: 'refund'; entryId: string; note: string }
  | { kind: 'undo'; entryId: string };

/** Records a deposit paid another way, marks one refunded, or takes one recorded by mistake back. */
export function useChangeDeposit() {
  return useMutation({
    mutationFn: async (action: DepositAction) => {
      const res =
        action.kind === 'record'
          ? await apiRequest('POST', depositUrl(action.entryId, 'record'), json(action.record))
          : action.kind === 'refund'
            ? await apiRequest(
                'POST',
                depositUrl(action.entryId, 'refund'),
                json({ note: action.note }),
              )
            : await apiRequest('DELETE', depositUrl(action.entryId, 'record'));
      return depositSchema.parse(await res.json());
    },
    onSettled: (_a, _e, _i, _r, { client }) => refresh(client),
  });
}

/** Opens (or finds open) the family's card payment page on Stripe: its address. */
export function useOpenCheckout() {
  return useMutation({
    mutationFn: async (entryId: string) => {
      const res = await apiRequest('POST', depositUrl(entryId, 'checkout'));
      return depositCheckoutSchema.parse(await res.json());
    },
    onSettled: (_a, _e, _i, _r, { client }) => refresh(client),
  });
}

/** The server's words for a refused change, or a sentence for a lost connection. */
export function depositErrorMessage(error: unknown): string {
  return (
    errorBodyOf(error)?.message ??
    'The deposit could not be changed. Check your connection and try again.'
  );
}
