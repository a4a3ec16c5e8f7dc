declare const holds: unique symbol;

/**
 * A read model's collection, typed with the documents it holds, so that a read returns them as
 * such. At run time it is the collection's name: the stores and the projections' changes take it
 * wherever a name goes.
 */
export type Collection<D> = string & { readonly [holds]?: D };

export const collection = <D>(name: string): Collection<D> => name;
