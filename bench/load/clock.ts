/** Microseconds on the system-wide monotonic clock: comparable across the bench's processes. */
export const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
