import net from 'node:net';

/**
 * A TCP proxy on loopback between the app and a server (PostgreSQL), that a test cuts and restores: `cut()`
 * stops accepting (new connections are refused) and resets every open connection, as a stopped server or a
 * dropped network link does; `restore()` listens again on the same port. `stall()` keeps every connection
 * open and accepts new ones but passes no byte either way, as a link that silently drops packets does.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  let stalled = false;
  const server = net.createServer((client) => {
    track(client);
    // A stalled link: the connection is taken and nothing comes through.
    if (stalled) return;
    const upstream = net.connect(target);
    track(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.resetAndDestroy();
      stalled = false;
      await closed;
    },
    restore: () => listen(port),
    stall() {
      stalled = true;
      for (const s of sockets) {
        s.unpipe();
        s.pause();
      }
    },
    async close() {
      if (server.listening) await this.cut();
    },
  };
}
