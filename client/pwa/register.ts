/**
 * Registers the service worker (/sw.js, built by serviceWorkerPlugin.ts) in a production build.
 * A new build's worker installs beside the running one and waits; the page lets it take over only
 * when `canUpdate()` says nothing is lost by a reload (no table open), then reloads once, so a page
 * never runs half on one build and half on another.
 */
export function registerServiceWorker(canUpdate: () => boolean): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const hadController = sw.controller !== null;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    // The first worker of a fresh visit takes control without a reload; a newer one reloads the page.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    sw.register('/sw.js').then((registration) => {
      const offer = (): void => {
        const waiting = registration.waiting;
        if (!waiting || !sw.controller) return;
        if (canUpdate()) waiting.postMessage('skip-waiting');
        else window.setTimeout(offer, 30_000);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        registration.installing?.addEventListener('statechange', offer);
      });
    }).catch((error: unknown) => console.warn('service worker not registered', error));
  });
}
