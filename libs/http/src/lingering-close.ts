import type { Socket } from 'node:net';

/** How long a client may go on sending a refused body, in all and between two reads. */
const LINGER_TOTAL_MS = 10_000;
const LINGER_IDLE_MS = 2_000;

/**
 * Node closes the connection as soon as an early answer (413) is written, while the client is still
 * sending the body it refused; the bytes that keep arriving on the closed socket make the kernel
 * reset the connection, and the client sees ECONNRESET/EPIPE instead of the 413. Like nginx's
 * lingering close, this half-closes instead and reads and discards what the client still sends,
 * for a bounded time, before closing for good.
 */
export function lingerBeforeClose(socket: Socket): void {
  socket.destroySoon = function lingeringDestroySoon(this: Socket): void {
    this.end();
    let idle: NodeJS.Timeout;
    const close = () => {
      clearTimeout(idle);
      clearTimeout(total);
      this.destroy();
    };
    const total = setTimeout(close, LINGER_TOTAL_MS);
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(close, LINGER_IDLE_MS);
    };
    rearm();
    this.on('data', rearm);
    this.once('end', close);
    this.once('error', close);
    this.resume();
  };
}
