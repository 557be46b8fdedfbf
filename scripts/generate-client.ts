// `npm run client:generate`: the typed client's types from the document the server serves (clients/typescript).
import { writeFile } from 'node:fs/promises';
import { clientTypes } from '../clients/typescript/generate';
import { fromRoot } from '../server/paths';
import { servedDocument } from '../server/platform/docs/served-document';

const document = await servedDocument();
await writeFile(fromRoot('clients/typescript/openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
await writeFile(fromRoot('clients/typescript/src/api.d.ts'), await clientTypes(document));
console.log('clients/typescript: openapi.json and src/api.d.ts written');
process.exit(0);
