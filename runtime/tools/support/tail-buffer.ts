/**
 * Output of a process capped at a byte limit, keeping the end: the tail is where a build or test
 * run reports what went wrong, and Bash's preview is a tail preview too.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes dropped from the start because the limit was exceeded. */
  droppedBytes = 0;

  constructor(private readonly limitBytes: number) {}

  append(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    // Compact only once the excess is large, so a stream of small chunks stays linear.
    if (
      this.size > this.limitBytes &&
      this.size - this.limitBytes >= Math.min(this.limitBytes, 1 << 20)
    )
      this.compact();
  }

  get truncated(): boolean {
    return this.droppedBytes > 0 || this.size > this.limitBytes;
  }

  /** The kept bytes as UTF-8; a character cut in half at the start is dropped, not garbled. */
  text(): string {
    this.compact();
    const bytes =
      this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    let start = 0;
    if (this.droppedBytes > 0) {
      while (start < bytes.length && start < 3 && ((bytes[start] as number) & 0xc0) === 0x80)
        start += 1;
    }
    return bytes.subarray(start).toString('utf8');
  }

  private compact(): void {
    if (this.size <= this.limitBytes) return;
    const all = Buffer.concat(this.chunks);
    const excess = all.length - this.limitBytes;
    this.droppedBytes += excess;
    this.chunks = [all.subarray(excess)];
    this.size = this.limitBytes;
  }
}
