/** A small LRU by stream id; a stale entry is caught by the expected version on append. */
export class StateCache<Entry> {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity: number) {}

  get(streamId: string): Entry | undefined {
    const entry = this.entries.get(streamId);
    if (entry !== undefined) {
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  set(streamId: string, entry: Entry) {
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(streamId: string) {
    this.entries.delete(streamId);
  }
}
