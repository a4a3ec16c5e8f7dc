import { tabStore } from '../shared/session';

/** The operator's admin or auditor key, for this tab only. */
export const keyStore = tabStore<{ key: string }>('sluice.console.key');
