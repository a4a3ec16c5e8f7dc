import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api } from '../shared/api';
import type { Capability, PortalSession } from './portalSession';

/** What every portal page gets: the API as the merchant's token, and what the token may do. */
export type Portal = {
  api: Api;
  session: PortalSession;
  /** Whether the link granted a capability (`manage_endpoints`, `send`, …): hide what it did not. */
  can: (capability: Capability) => boolean;
};

export const PortalContext = createContext<Portal | undefined>(undefined);

export const usePortal = (): Portal => {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('A portal page is rendered outside the signed-in portal.');
  return portal;
};
