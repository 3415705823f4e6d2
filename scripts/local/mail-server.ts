import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

// The local SMTP server (ARCHITECTURE §2.7): accepts every message on 127.0.0.1 and writes it as
// an .eml file (the raw message, readable in any mail client or text editor) under `dir`.

export interface MailServer {
  host: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

export async function startMailServer(options: { dir: string; port?: number }): Promise<MailServer> {
  mkdirSync(options.dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Quality Desk local mail',
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++counter).padStart(4, '0')}-${to.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
        writeFileSync(path.join(options.dir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    dir: options.dir,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
