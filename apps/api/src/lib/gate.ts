import { HttpError } from './http-errors';

/**
 * Runs at most `parallel` tasks at once, queues up to `waiting` more, and refuses the rest at
 * once with 429: a flood of logins (each a scrypt of about 16 MiB and tens of milliseconds) then
 * costs two cores' worth of hashing at most, and pages keep being served.
 */
export class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly parallel: number,
    private readonly waiting: number,
  ) {}

  get active() {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.parallel) {
      if (this.queue.length >= this.waiting) {
        throw new HttpError(
          429,
          'busy',
          'The server is busy checking other sign-ins. Try again in a few seconds.',
          {},
          { 'retry-after': '5' },
        );
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next task in line, so the count never drops in between.
      if (next) next();
      else this.running--;
    }
  }
}
