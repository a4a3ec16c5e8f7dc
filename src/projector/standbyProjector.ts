import type { Projector } from './projector.js';

/**
 * The projector as a process of the projector role sees it: its own while it is the active one,
 * else the view of the active one's checkpoints, as a process of another role sees them.
 */
export const standbyProjector = (
  view: Projector,
  active: () => Projector | undefined,
): Projector => {
  const current = () => active() ?? view;
  return {
    caughtUp: (position, timeoutMs, only) => current().caughtUp(position, timeoutMs, only),
    rebuild: (name, onProgress) => current().rebuild(name, onProgress),
    status: () => current().status(),
    names: () => view.names(),
    stop: () => Promise.resolve(),
  };
};
