// The server side of bench/storage.ts, in its own process so that its RSS is its own: the console's upload
// and download paths (receiveArtifact into the storage, the artifact store's stream out) over plain HTTP,
// without the database and authentication around them. BENCH_S3 (JSON S3Options) picks the bucket; unset,
// the local backend in BENCH_DATA_DIR. Prints its port.
import { createServer } from 'node:http';
import { createArtifactStore } from '../server/builds/artifacts/artifact-store';
import { receiveArtifact } from '../server/builds/artifacts/artifact-upload';
import { createStorage } from '../server/platform/storage/storage-config';

const storage = createStorage({
  dataDir: process.env.BENCH_DATA_DIR ?? '/tmp/bench-storage',
  s3: process.env.BENCH_S3 ? JSON.parse(process.env.BENCH_S3) : undefined,
});
const artifacts = createArtifactStore(storage);

const server = createServer(async (request, response) => {
  try {
    const sha256 = String(request.headers['x-sha256']);
    if (request.method === 'PUT') {
      const upload = await receiveArtifact(storage, request, {
        sha256,
        size: Number(request.headers['content-length']),
      });
      if (upload.ok) await upload.commit();
      response.writeHead(upload.ok ? 200 : 422).end();
      return;
    }
    const ref = { uuid: '00000000-0000-4000-8000-000000000000', sha256 };
    const size = await artifacts.size(ref);
    response.writeHead(200, { 'content-length': String(size) });
    (await artifacts.open(ref)).pipe(response);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
