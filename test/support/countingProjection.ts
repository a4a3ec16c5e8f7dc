import type { Projection } from '../../projections/projection.js';

/**
 * Counts events per stream with increments: applying any event twice would show as a wrong
 * count, which makes it the detector for double application.
 */
export const countingProjection: Projection = {
  name: 'counts',
  collections: [{ name: 'stream_counts', indexes: [['total']] }],
  filter: { typePrefixes: ['count.'] },
  project: (event) => [
    {
      op: 'patch',
      collection: 'stream_counts',
      id: event.stream,
      inc: { total: 1 },
      set: { last_type: event.type },
      setOnInsert: { total: 0, first_revision: event.revision },
    },
  ],
};
