import {
  API_ROUTES,
  type DisableTotpRequest,
  factorsSchema,
  loginResponseSchema,
  passkeySummarySchema,
  passkeyUrl,
  recoveryCodesSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from '@cedar/api-contract';
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, parsedQueryFn } from '../lib/query-client';

const json = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const factorsQueryOptions = queryOptions({
  queryKey: [API_ROUTES.factors.path],
  queryFn: parsedQueryFn(factorsSchema),
});

/** The signed-in account's passkeys and one-time codes. */
export function useFactors() {
  return useQuery(factorsQueryOptions);
}

const refreshFactors = {
  onSettled: (
    _answer: unknown,
    _error: unknown,
    _variables: unknown,
    _result: unknown,
    { client }: { client: QueryClient },
  ) => client.invalidateQueries({ queryKey: factorsQueryOptions.queryKey }),
};

/** The browser's passkey prompt was closed or refused: nothing to report as an error. */
export function passkeyCancelled(error: unknown): boolean {
  return (
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && error.name === 'NotAllowedError')
  );
}

/** Adds a passkey: the server's options, the browser's prompt, the server's check. */
export function useAddPasskey() {
  return useMutation({
    mutationFn: async (name: string) => {
      const { method, path } = API_ROUTES.passkeyRegistrationOptions;
      const res = await apiRequest(method, path, json({}));
      const { options } = webauthnOptionsSchema.parse(await res.json());
      const response = await startRegistration({ optionsJSON: options as never });
      const added = await apiRequest(
        API_ROUTES.addPasskey.method,
        API_ROUTES.addPasskey.path,
        json({ name, response }),
      );
      return passkeySummarySchema.parse(await added.json());
    },
    ...refreshFactors,
  });
}

/** Gives a passkey a new name (the API's rules: 1 to 60 characters, trimmed). */
export function useRenamePasskey() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const res = await apiRequest(API_ROUTES.renamePasskey.method, passkeyUrl(id), json({ name }));
      return passkeySummarySchema.parse(await res.json());
    },
    ...refreshFactors,
  });
}

export function useRemovePasskey() {
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(API_ROUTES.removePasskey.method, passkeyUrl(id));
    },
    ...refreshFactors,
  });
}

/** Offers a new authenticator-app secret: its QR code and the secret as text. */
export function useTotpSetup() {
  return useMutation({
    mutationFn: async () => {
      const { method, path } = API_ROUTES.totpSetup;
      return totpSetupSchema.parse(await (await apiRequest(method, path, json({}))).json());
    },
  });
}

/** Turns codes on with the app's first code; answers the ten recovery codes (shown once). */
export function useEnableTotp() {
  return useMutation({
    mutationFn: async (code: string) => {
      const { method, path } = API_ROUTES.enableTotp;
      return recoveryCodesSchema.parse(
        await (await apiRequest(method, path, json({ code }))).json(),
      );
    },
    ...refreshFactors,
  });
}

/** Ten new recovery codes in place of the old ones (shown once); codes stay on. */
export function useNewRecoveryCodes() {
  return useMutation({
    mutationFn: async () => {
      const { method, path } = API_ROUTES.newRecoveryCodes;
      return recoveryCodesSchema.parse(await (await apiRequest(method, path, json({}))).json());
    },
    ...refreshFactors,
  });
}

export function useDisableTotp() {
  return useMutation({
    mutationFn: async (request: DisableTotpRequest) => {
      await apiRequest(API_ROUTES.disableTotp.method, API_ROUTES.disableTotp.path, json(request));
    },
    ...refreshFactors,
  });
}

/** "Sign in with a passkey": any passkey of this site, no username typed. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const { method, path } = API_ROUTES.passkeySignInOptions;
      const res = await apiRequest(method, path, json({}));
      const { options } = webauthnOptionsSchema.parse(await res.json());
      const response = await startAuthentication({ optionsJSON: options as never });
      const signedIn = await apiRequest(
        API_ROUTES.passkeySignIn.method,
        API_ROUTES.passkeySignIn.path,
        json({ response }),
      );
      return loginResponseSchema.parse(await signedIn.json());
    },
    meta: { redirectOn401: false },
  });
}

/** The second step of a password sign-in: the authenticator app's code or a recovery code. */
export function useLoginCode() {
  return useMutation({
    mutationFn: async (code: string) => {
      const { method, path } = API_ROUTES.loginCode;
      return loginResponseSchema.parse(
        await (await apiRequest(method, path, json({ code }))).json(),
      );
    },
    meta: { redirectOn401: false },
  });
}
