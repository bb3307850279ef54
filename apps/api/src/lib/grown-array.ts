/** A typed array a builder appends to: one of the kinds the station index and its search keep. */
type GrowableArray = Float64Array | Int32Array | Uint32Array | Uint16Array;

/** A typed array of `a`'s kind twice as long as `a` (or `min`, if longer), with `a`'s contents first. */
export function grownArray<T extends GrowableArray>(a: T, min = 0): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(a.length * 2, min));
  b.set(a);
  return b;
}
