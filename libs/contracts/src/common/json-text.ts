declare const jsonOf: unique symbol;

/**
 * JSON text of a `T` (a plain string at run time): what `bus.requestJson` answers and an edge route
 * may send on unchanged, typed by what it encodes so the route's declared response still checks.
 */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/**
 * A message handler's result that is already JSON: the bus writes `json` into the reply as it is
 * instead of serializing an object. Callers see no difference (`bus.request` parses it into a `T`);
 * a reply that is large and only passed on (a page of a list) is then built once, as text.
 */
export class EncodedJson<T> {
  constructor(readonly json: JsonText<T>) {}
}
