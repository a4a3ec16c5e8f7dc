/** The Processes section's own routes, under `#/processes`. */
export const processRoutes = {
  instances: 'processes',
  definitions: 'processes/definitions',
  definition: (id: string) => `processes/definitions/${id}`,
  instance: (id: string) => `processes/instances/${id}`,
};

export type ProcessPage =
  | { page: 'instances' }
  | { page: 'definitions' }
  | { page: 'definition'; id: string }
  | { page: 'instance'; id: string }
  | { page: 'unknown' };

/** Which page of the section a route names: `processes/instances/pi_1` is that instance's page. */
export const processPageOf = (route: string): ProcessPage => {
  const [, kind, id, ...rest] = route.split('/');
  if (rest.length > 0) return { page: 'unknown' };
  if (kind === undefined || (kind === 'instances' && !id)) return { page: 'instances' };
  if (kind === 'definitions' && !id) return { page: 'definitions' };
  if (kind === 'definitions' && id) return { page: 'definition', id: decodeURIComponent(id) };
  if (kind === 'instances' && id) return { page: 'instance', id: decodeURIComponent(id) };
  return { page: 'unknown' };
};
