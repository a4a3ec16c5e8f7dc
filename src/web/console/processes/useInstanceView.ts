import { useConsole } from '../context';
import type { DefinitionVersion, History, Instance } from './processApi';
import { getDefinitionVersion, getHistory, getInstance, isTerminal } from './processApi';
import { usePolling } from './usePolling';

/** How often a page reads an instance that has not ended, so its states move on the graph. */
export const REFRESH_MS = 2000;

export type InstanceView = { instance: Instance; version: DefinitionVersion; history: History };

/** An instance with the definition version it runs and its history, kept fresh until it ends. */
export const useInstanceView = (id: string) => {
  const { api } = useConsole();
  return usePolling<InstanceView>(
    async () => {
      const instance = await getInstance(api, id);
      const [version, history] = await Promise.all([
        getDefinitionVersion(api, instance.definition),
        getHistory(api, id),
      ]);
      return { instance, version, history };
    },
    (view) => !isTerminal(view.instance),
    REFRESH_MS,
    [id],
  );
};
