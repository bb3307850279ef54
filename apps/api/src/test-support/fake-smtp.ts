import net from 'node:net';

/**
 * A loopback SMTP server just big enough for nodemailer: EHLO, MAIL, RCPT, DATA, QUIT. `rcptReply` scripts
 * the answer to RCPT TO (e.g. "550 5.1.1 No such user") for the next sessions; received mails are kept raw.
 */
export async function startFakeSmtp(port: number) {
  const mails: string[] = [];
  const rcptReplies: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let nl = buffer.indexOf('\r\n'); nl >= 0; nl = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(data);
            data = '';
            socket.write('250 2.0.0 OK queued as fake\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') socket.write('250 2.1.0 OK\r\n');
        else if (verb === 'RCPT') socket.write(`${rcptReplies.shift() ?? '250 2.1.5 OK'}\r\n`);
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejectNextRcpt(reply: string) {
      rcptReplies.push(reply);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
