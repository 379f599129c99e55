/** A trailing-edge debounce with `cancel` and `pending`. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  readonly pending: boolean;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  return Object.defineProperties(run, {
    cancel: {
      value: () => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
      },
    },
    pending: { get: () => timer !== undefined },
  }) as Debounced<A>;
}
