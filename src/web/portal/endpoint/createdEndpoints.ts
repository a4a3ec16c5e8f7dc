/**
 * Endpoints this tab has just created, so that their page opens on the signing secret once: the
 * merchant copies it into the receiver right away. Held in memory, so a reload does not repeat it.
 */
const justCreated = new Set<string>();

export const markCreated = (endpointId: string): void => {
  justCreated.add(endpointId);
};

/** Whether the endpoint was just created here; true once only. */
export const takeCreated = (endpointId: string): boolean => justCreated.delete(endpointId);
