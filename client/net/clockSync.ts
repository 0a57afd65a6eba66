/**
 * Estimate of server time (NTP-style): offset = serverTime - (send + receive) / 2, keeping the
 * sample with the smallest round trip of the last few, which is the least distorted by queuing.
 */
export class ClockSync {
  private samples: { rtt: number; offset: number }[] = [];

  addSample(clientSent: number, serverTime: number, clientReceived: number): void {
    const rtt = clientReceived - clientSent;
    if (rtt < 0) return;
    this.samples.push({ rtt, offset: serverTime - (clientSent + clientReceived) / 2 });
    if (this.samples.length > 8) this.samples.shift();
  }

  get rtt(): number {
    return this.best()?.rtt ?? 0;
  }

  get offset(): number {
    return this.best()?.offset ?? 0;
  }

  serverNow(clientNow = Date.now()): number {
    return clientNow + this.offset;
  }

  private best(): { rtt: number; offset: number } | undefined {
    return this.samples.reduce<{ rtt: number; offset: number } | undefined>((b, s) => (!b || s.rtt < b.rtt ? s : b), undefined);
  }
}
