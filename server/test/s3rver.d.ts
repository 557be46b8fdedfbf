// s3rver 3.7 ships no types: what server/test/s3-server.ts uses of it.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; directory: string; silent: boolean });
    /** Koa's middleware list: a function put first runs before s3rver's own routes. */
    middleware: unknown[];
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
