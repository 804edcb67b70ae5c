/** What a stand-in peer has received (mails, text messages), and waiting for the next that matches. */
export class Received<T> {
  readonly items: T[] = [];
  private waiters: Array<() => void> = [];

  push(item: T): void {
    this.items.push(item);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The first item after `since` that matches, as soon as it arrives; throws naming `what` after `timeoutMs`. */
  async waitFor(match: (item: T) => boolean, since: number, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.items.slice(since).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
