import { EventEmitter } from 'node:events';

/** Why a request passed its deadline was aborted: named as `AbortSignal.timeout` names it. */
const timedOut = (ms: number): Error =>
  Object.assign(new Error(`The attempt took longer than ${ms} ms.`), { name: 'TimeoutError' });

/**
 * The end of a request's time, as undici takes a signal: an emitter of `abort` with `aborted` and
 * `reason`. Not an `AbortSignal`: Node makes each of those by swapping an object's prototype, after
 * which V8 caches no access to it, nor to the undici objects that keep it, and a webhook's request
 * costs a few percent more. Cleared once the request is done, it never fires.
 */
export class Deadline extends EventEmitter {
  aborted = false;
  reason: Error | undefined = undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = timedOut(ms);
      this.emit('abort');
    }, ms);
    // A request on the wire keeps the process alive by its socket, not by its deadline.
    this.timer.unref();
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
