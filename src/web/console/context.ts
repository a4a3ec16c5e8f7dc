import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api } from '../shared/api';

/** What every console page gets: the API, signed in with the operator's key. */
export type ConsoleSession = { api: Api; signOut: () => void };

export const ConsoleContext = createContext<ConsoleSession | undefined>(undefined);

export const useConsole = (): ConsoleSession => {
  const session = useContext(ConsoleContext);
  if (!session) throw new Error('A console page is rendered outside the signed-in console.');
  return session;
};
