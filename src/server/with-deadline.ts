// A promise that gives up after `ms`: the work's own result if it comes first, else the error `timedOut` makes.
// The work itself is not stopped (it cannot be, in general); the caller only stops waiting for it.
export function withDeadline<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
