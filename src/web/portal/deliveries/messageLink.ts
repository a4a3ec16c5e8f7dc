import { useEffect, useState } from 'preact/hooks';

/*
 * The message open in detail lives in the fragment's query (`#/endpoints/we_1?message=evt_1`):
 * the route stays the endpoint's page, while a reload, a shared link or the back button keep the
 * message the reader was looking at.
 */

const messageOf = (hash: string): string | undefined => {
  const query = hash.split('?')[1];
  return new URLSearchParams(query ?? '').get('message') ?? undefined;
};

/** The link to this page with `eventId`'s message open, or with none open when undefined. */
export const messageHref = (eventId: string | undefined): string => {
  const [path = '', query = ''] = window.location.hash.split('?');
  const params = new URLSearchParams(query);
  if (eventId === undefined) params.delete('message');
  else params.set('message', eventId);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
};

/** The event id of the message open in detail, following the fragment. */
export const useOpenMessage = (): string | undefined => {
  const [open, setOpen] = useState(() => messageOf(window.location.hash));
  useEffect(() => {
    const changed = () => setOpen(messageOf(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return open;
};
