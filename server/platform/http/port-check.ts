import { createServer } from 'node:net';
import { StartRefusal } from '../../start-refusal';

/**
 * Issue 43 §2.5: a PORT already in use was found only after the database was reached, migrated and seeded.
 * Bound and released first thing, so an instance whose port is taken refuses before touching the database.
 * (Another process could still take the port in between; the real listen then fails as before.)
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new StartRefusal(
            `PORT ${port} on HOST ${host} is already in use (EADDRINUSE): another instance or program listens ` +
              'there. Stop it, or give this instance another PORT.',
          ),
        );
      else if (error.code === 'EADDRNOTAVAIL')
        reject(new StartRefusal(`HOST ${host} is not an address of this machine (EADDRNOTAVAIL).`));
      else reject(error);
    });
    server.listen({ host, port, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
