// Who is signed in, as the backend-for-frontend reports it, and the deployment's features.
import { createContext, useContext } from 'react';
import type { SignedInState } from './api/client';
import type { Features } from './api/features';

export interface AppContextValue {
  session: SignedInState;
  features: Features;
  /** Replace the session after a switch, a sandbox provisioning or a sign-out. */
  setSession(next: SignedInState | null): void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const v = useContext(AppContext);
  if (!v) throw new Error('useApp outside the signed-in app');
  return v;
}
