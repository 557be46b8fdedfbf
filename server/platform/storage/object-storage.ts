// Issue 39: every file the console serves (build artifacts, logo images) lives behind this one small
// interface, by a key relative to the store's root (`artifacts/sha256/<sha256>.tar.gz`, `logos/<name>`): the
// local file system under DATA_DIR (local-storage.ts, the embedded default) or an S3 bucket (s3-storage.ts).
import type { Readable } from 'node:stream';

/** An inclusive byte range of an object, as an HTTP Range header names it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  /** Last write, in ms since the epoch. */
  modifiedMs: number;
}

/** An upload whose bytes are stored: `commit` makes them visible under their key, `discard` drops them. */
export interface ReceivedObject {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Where the files are, for messages: the DATA_DIR, or `s3://bucket/prefix`. */
  readonly location: string;
  /** The object's size and last write, or undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** The object's bytes (or one range of them) as a stream; rejects when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** A small object whole, or undefined when there is none. */
  readAll(key: string): Promise<Buffer | undefined>;
  /** Writes a small object whole. */
  write(key: string, bytes: Buffer): Promise<void>;
  /**
   * Streams `body` towards `key` as it arrives (a `.part` file, or a multipart upload), never holding it whole.
   * A `body` that errors (a cut connection, a failed check) leaves nothing behind: the part is deleted, the
   * multipart upload aborted.
   */
  receive(key: string, body: Readable): Promise<ReceivedObject>;
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (unfinished uploads aside). */
  list(prefix: string): Promise<StoredObject[]>;
  /** A short-lived URL a browser may fetch the object from, or undefined when downloads go through the server. */
  downloadUrl(key: string, fileName: string): Promise<string | undefined>;
  /**
   * Deletes or aborts uploads left unfinished by a crash or a kill, older than `graceMs` (each backend has its
   * own safe default: a `.part` file untouched 15 minutes, a multipart upload begun 12 hours ago); answers how
   * many. Idempotent and safe while other instances sweep the same store: one already gone is not an error.
   */
  sweepUnfinished(graceMs?: number): Promise<number>;
}

/** How often the unfinished uploads are swept, and from what age (unset: the backend's default). */
export interface UploadSweepOptions {
  everyMs: number;
  ageMs?: number;
}

/** The folders (key prefixes) of the files the console serves; `npm run storage -- migrate` copies these. */
export const SERVED_PREFIXES = ['artifacts/', 'logos/'] as const;
