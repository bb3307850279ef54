import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request body, up to `maxBytes` or `maxMs`, whichever comes first.
 * An answer sent while the client is still uploading, on a connection that then closes, makes the kernel
 * reset it (unread data in the receive buffer): the client sees "connection reset" instead of the answer.
 * Draining first lets a 413 reach the client; the bounds keep a huge or slow upload from holding the server.
 */
export function drainRequest(req: IncomingMessage, maxBytes: number, maxMs: number): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', finish);
      req.off('error', finish);
      req.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish();
    };
    const timer = setTimeout(finish, maxMs);
    timer.unref();
    req.on('data', onData);
    req.on('end', finish);
    req.on('error', finish);
    req.on('close', finish);
    req.resume();
  });
}
