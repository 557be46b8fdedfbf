import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { BOM, csvLine } from '../../contract/csv';
import type { Row } from './export-batches';

/** The CSV text of a header and batches of rows: one chunk per batch, so memory holds one batch at a time. */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<string> {
  yield BOM + csvLine(header);
  for await (const rows of batches) yield rows.map(csvLine).join('');
}

/** Streams a CSV download: UTF-8 with a BOM (for Excel), as an attachment named `name`. */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(header, batches)));
}
