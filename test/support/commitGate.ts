/** Holds a real store's journal commits (what every room waits on before it shows a change) until `open()`. */
import type { Store } from '../../server/store/index.js';

export interface CommitGate {
  open(): void;
  /** Commits that reached the gate so far. */
  held(): number;
}

export function gateCommits(store: Store): CommitGate {
  const real = store.commitJournal.bind(store);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let held = 0;
  store.commitJournal = async (commit) => {
    held++;
    await gate;
    return real(commit);
  };
  return { open: () => { store.commitJournal = real; release(); }, held: () => held };
}
