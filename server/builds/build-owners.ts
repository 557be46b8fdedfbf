/**
 * Who owns each build, for the live sockets that follow only their account's builds. A build never changes
 * owner (builds.user_id is set at submission), so an answer is kept; the map is emptied when it grows past
 * `max`, and the next events read their owners again.
 */
export class BuildOwners {
  private readonly known = new Map<number, number>();

  constructor(
    private readonly load: (ids: number[]) => Promise<{ id: number; user_id: number }[]>,
    private readonly max = 50_000,
  ) {}

  /** The owners of `ids` (a build that does not exist has none). */
  async of(ids: Iterable<number>): Promise<ReadonlyMap<number, number>> {
    const missing = [...new Set(ids)].filter((id) => !this.known.has(id));
    if (missing.length > 0) {
      const rows = await this.load(missing);
      if (this.known.size + rows.length > this.max) this.known.clear();
      for (const row of rows) this.known.set(row.id, row.user_id);
    }
    return this.known;
  }
}
