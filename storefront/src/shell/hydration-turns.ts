/**
 * The order in which the parts of a server-rendered page come alive (D20), in two rounds of one
 * part a task, so a phone answers a tap between them instead of after one long task:
 *
 * 1. **Hydrated in turn.** Each part asks for its turn as hydration reaches it and is let go in the
 *    order asked. A part found while another hydrates (a carousel inside the page) queues behind
 *    those already waiting.
 * 2. **Browser-only state shown**, once every part is hydrated: each part's in a task of its own,
 *    the parts found last (the innermost) first, so a part's state never arrives through the part
 *    around it. Then the page is live (`whenAllHydrated`).
 */
/** What the page does once its parts are hydrated, and once they all show their state. */
export interface AllHydrated {
  hydrated(): void;
  shown(): void;
}

export class HydrationTurns {
  readonly #waiting = new Map<string, Promise<void>>();
  readonly #toRelease: Array<() => void> = [];
  /** The parts let go, in order. */
  readonly #released: string[] = [];
  /** What shows each hydrated part's browser-only state. */
  readonly #shows = new Map<string, () => void>();
  #toShow: string[] | undefined;
  #scheduled = false;
  #done = false;
  #whenDone: AllHydrated | undefined;

  /**
   * What `part` waits for before it hydrates: a promise (the same one each time it is asked), or
   * nothing once it may (and for every part once the page is live: a part shown later, by a
   * navigation, renders at once).
   */
  turnOf(part: string): Promise<void> | undefined {
    if (this.#done || this.#released.includes(part)) return undefined;
    let waiting = this.#waiting.get(part);
    if (!waiting) {
      waiting = new Promise<void>((resolve) => {
        this.#toRelease.push(() => {
          this.#released.push(part);
          resolve();
        });
      });
      this.#waiting.set(part, waiting);
      this.#schedule();
    }
    return waiting;
  }

  /** `part` is hydrated; `show` shows its browser-only state when its time comes. */
  hydrated(part: string, show: () => void): void {
    if (this.#done) return;
    this.#shows.set(part, show);
    this.#schedule();
  }

  /**
   * `then.hydrated` once every part is hydrated, before any shows its state; `then.shown` once they
   * all show it. Returns what cancels them.
   */
  whenAllHydrated(then: AllHydrated): () => void {
    this.#whenDone = then;
    this.#schedule();
    return () => {
      if (this.#whenDone === then) this.#whenDone = undefined;
    };
  }

  #schedule(): void {
    if (this.#scheduled || this.#done) return;
    this.#scheduled = true;
    setTimeout(() => {
      this.#scheduled = false;
      this.#step();
    }, 0);
  }

  /** One part a task: let the next go, or show the next part's state, or finish. */
  #step(): void {
    const release = this.#toRelease.shift();
    if (release) {
      release();
      this.#schedule();
      return;
    }
    // The parts let go must have hydrated (each says so from its effects) before any state shows.
    if (!this.#toShow) {
      if (!this.#whenDone || !this.#released.every((part) => this.#shows.has(part))) return;
      this.#toShow = [...this.#released].reverse();
      this.#whenDone.hydrated();
    }
    const part = this.#toShow.shift();
    if (part !== undefined) {
      this.#shows.get(part)?.();
      this.#schedule();
      return;
    }
    if (!this.#whenDone) return;
    this.#done = true;
    this.#whenDone.shown();
  }
}
