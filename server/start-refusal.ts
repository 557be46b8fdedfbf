/**
 * A reason for an instance not to start that the operator must fix (a setting that disagrees with the
 * database, a port in use, a database that never answered). The process entry prints its message alone, with
 * no stack, and exits 1 (main.ts tells it by its name, so as to import nothing of the server early).
 */
export class StartRefusal extends Error {
  override name = 'StartRefusal';
}
