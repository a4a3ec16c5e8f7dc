/**
 * The parts one program can run as, each scalable on its own in the distributed mode: the HTTP
 * API; the projector, writing the read models; the relay, writing the log to the topic; the
 * dispatcher, planning and sending webhooks; the executor, running process instances.
 */
export const ROLES = ['api', 'projector', 'relay', 'dispatcher', 'executor'] as const;
export type Role = (typeof ROLES)[number];

const isRole = (name: string): name is Role => (ROLES as readonly string[]).includes(name);

/** `all`, or a comma-separated list of roles; undefined for anything else. */
export const parseRoles = (raw: string): Role[] | undefined => {
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'all') return [...ROLES];
  if (names.length === 0 || !names.every(isRole)) return undefined;
  return ROLES.filter((role) => names.includes(role));
};
