import { REQUEST_ID_HEADER, TRACEPARENT_HEADER } from '@pds/observability';
import { Msg, MsgHdrs, headers } from 'nats';
import { MsgImpl } from 'nats/lib/nats-base-client/msg';
import { readRequestHeaders, requestHeaders } from './message-trace';

const encoder = new TextEncoder();
/** What nats.js calls on the headers it publishes (MsgHdrsImpl; not part of the MsgHdrs type). */
const bytesOf = (written: MsgHdrs | undefined) => (written as unknown as { encode(): Uint8Array }).encode();
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** A received message as nats.js builds it from the wire: header bytes, then the payload. */
function received(header: Uint8Array | null, payload = '{"ok":true}'): Msg {
  const data = encoder.encode(payload);
  const raw = header ? new Uint8Array([...header, ...data]) : data;
  return new MsgImpl({ subject: encoder.encode('x.y'), reply: encoder.encode(''), sid: 1, hdr: header ? header.length : -1, size: raw.length }, raw, {} as never);
}

describe('request headers on core NATS messages', () => {
  it('are written so that nats.js parses them, and read back the same by hand and by nats.js', () => {
    const message = received(bytesOf(requestHeaders('req-1', undefined)));
    expect(message.headers?.get(REQUEST_ID_HEADER)).toBe('req-1');
    expect(readRequestHeaders(message)).toEqual({ requestId: 'req-1', traceparent: null });
  });

  it('reads what nats.js wrote, traceparent included, and falls back to the public headers', () => {
    const written = headers();
    written.append(REQUEST_ID_HEADER, 'req-2');
    written.append(TRACEPARENT_HEADER, TRACEPARENT);
    const message = received(bytesOf(written));
    expect(readRequestHeaders(message)).toEqual({ requestId: 'req-2', traceparent: TRACEPARENT });
    // Another shape of Msg (a later nats.js): the public headers answer.
    expect(readRequestHeaders({ headers: message.headers } as Msg)).toEqual({ requestId: 'req-2', traceparent: TRACEPARENT });
  });

  it('finds nothing on a message without headers or without a request id', () => {
    expect(readRequestHeaders(received(null))).toBeUndefined();
    const other = headers();
    other.append('x-other', 'value');
    expect(readRequestHeaders(received(bytesOf(other)))).toBeUndefined();
    expect(requestHeaders(undefined, undefined)).toBeUndefined();
  });
});
