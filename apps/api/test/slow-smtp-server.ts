import net from 'node:net';

/** What the slow SMTP server took in: one entry per message it accepted, by Message-ID. */
export type SlowSmtpServer = { url: string; delivered: string[]; stop: () => Promise<void> };

/** An SMTP server that waits `delayMs` before every answer; a message is delivered when its end-of-data arrives. */
export async function startSlowSmtpServer(delayMs: number): Promise<SlowSmtpServer> {
  const delivered: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line: string, after?: () => void) =>
      setTimeout(() => {
        if (socket.destroyed) return;
        socket.write(`${line}\r\n`);
        after?.();
      }, delayMs);
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          delivered.push(/^message-id:[ \t]*(\S.*)$/im.exec(message)?.[1]?.trim() ?? '(no Message-ID)');
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) reply('250 slow.test');
        else if (command.startsWith('DATA')) {
          inData = true;
          reply('354 go ahead');
        } else if (command.startsWith('QUIT')) reply('221 bye', () => socket.end());
        else reply('250 ok');
      }
    });
    reply('220 slow.test ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    delivered,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
