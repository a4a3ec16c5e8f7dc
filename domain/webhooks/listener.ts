/**
 * A listening endpoint's URL (`sluice listen`): no address the service connects to. Its tries go
 * to the developer's machine over the stream the tool opened, never over HTTP. Such endpoints are
 * the service's own doing, made and made again for the key that listens: kept out of endpoint
 * lists, and removed once no one has listened on them for a while.
 */
export const LISTENER_URL_PREFIX = 'sluice-listen://';

export const isListenerUrl = (url: string): boolean => url.startsWith(LISTENER_URL_PREFIX);

type Made = { merchant_id: string; settings: { url: string } };

/**
 * A listening endpoint's id is its key's (src/listen/listenerEndpoint.ts), so the key's next listen
 * makes it again once it was deleted: of the same merchant, whose history it keeps.
 */
export const remadeListener = (
  was: { status: 'absent' } | ({ status: 'live' | 'deleted' } & Made),
  made: Made,
): boolean =>
  was.status === 'deleted' &&
  was.merchant_id === made.merchant_id &&
  isListenerUrl(was.settings.url) &&
  isListenerUrl(made.settings.url);
