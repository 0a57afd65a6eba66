/**
 * An answer counted only within this process' own timer. Colyseus' calls to another process
 * (requestFromIPC: a ping, a seat reservation) await a Redis subscribe inside their promise's
 * executor, where a failure is swallowed and their own timeout never starts: such a promise can stay
 * pending for ever. Whoever waits on one bounds it here: `work`'s outcome if it settles within `ms`,
 * else what `late` returns (or throws). The timer is cleared either way; `work` settling after the
 * bound changes nothing (and its rejection is handled, never reported as unhandled).
 */
export async function withinTime<T>(ms: number, work: Promise<T>, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  try {
    return await Promise.race([work, bound]);
  } finally {
    clearTimeout(timer);
  }
}
