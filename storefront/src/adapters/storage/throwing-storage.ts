// Test support: a Storage whose every access fails, like a browser with storage disabled or full.
export class ThrowingStorage implements Storage {
  get length(): number {
    throw new Error('storage disabled');
  }
  clear(): void {
    throw new Error('storage disabled');
  }
  getItem(): string | null {
    throw new Error('storage disabled');
  }
  key(): string | null {
    throw new Error('storage disabled');
  }
  removeItem(): void {
    throw new Error('storage disabled');
  }
  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}
