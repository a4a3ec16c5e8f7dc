/**
 * What a page keeps for its tab: the portal's token, the console's key. Session storage lives as
 * long as the tab and is never sent anywhere; nothing secret goes into a URL.
 */
export const tabStore = <T>(name: string) => ({
  read(): T | undefined {
    const raw = sessionStorage.getItem(name);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      sessionStorage.removeItem(name);
      return undefined;
    }
  },
  write(value: T): void {
    sessionStorage.setItem(name, JSON.stringify(value));
  },
  clear(): void {
    sessionStorage.removeItem(name);
  },
});
