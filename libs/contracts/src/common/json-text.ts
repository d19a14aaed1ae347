declare const jsonOf: unique symbol;

/**
 * JSON text of a `T` (a plain string at run time): what `bus.requestJson` answers and an edge route
 * may send on unchanged, typed by what it encodes so the route's declared response still checks.
 */
export type JsonText<T> = string & { readonly [jsonOf]?: T };
