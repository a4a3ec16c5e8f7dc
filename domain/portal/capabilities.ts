/**
 * What a portal session lets its merchant do. `view` is always granted: a portal that cannot show
 * the merchant its own endpoints has nothing to offer the other capabilities.
 */
export const PORTAL_CAPABILITIES = [
  'view',
  'manage_endpoints',
  'view_secret',
  'rotate_secret',
  'send',
] as const;
export type PortalCapability = (typeof PORTAL_CAPABILITIES)[number];

/** The capabilities a session grants: those asked for (every one when none are), with `view`. */
export const grantedCapabilities = (
  asked: readonly PortalCapability[] | undefined,
): PortalCapability[] => {
  const wanted = new Set<PortalCapability>(asked ?? PORTAL_CAPABILITIES);
  wanted.add('view');
  return PORTAL_CAPABILITIES.filter((capability) => wanted.has(capability));
};
