import { AuthenticatorAppCard } from './authenticator-app-card';
import { PasskeysCard } from './passkeys-card';

/** The Security screen's passkeys and two-step sign-in (issue 39). */
export function SignInMethods() {
  return (
    <>
      <PasskeysCard />
      <AuthenticatorAppCard />
    </>
  );
}
