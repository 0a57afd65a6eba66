/**
 * Junction's service worker (built to /sw.js by serviceWorkerPlugin.ts, which fills in the build's
 * version and file list). It keeps one cache per build, `junction-shell-<version>`, holding every
 * file of that build: the app shell, every game's chunk, the icons and the offline page. A page
 * only ever gets files of one build: it asks for hashed names, and each build's files sit in their
 * own cache. Pages (navigations) always go to the network first; when the network fails the
 * offline page answers. Nothing else is intercepted: API answers, tokens and websockets never pass
 * through a cache here.
 *
 * Web Push (issues 25 and 29): a `push` from the server (server/push/sender.ts, already in the
 * player's language) is shown as a notification; a click on it focuses an open Junction page, or
 * opens one, on the table (`/#/table/<id>`, which wakes it and takes the seat back) or on the
 * invitation (`/#/invite/<id>`, the lobby with its Sit down).
 */
declare const __JUNCTION_VERSION__: string;
declare const __JUNCTION_FILES__: string[];

interface ExtendableEvent extends Event { waitUntil(promise: Promise<unknown>): void }
interface FetchEvent extends ExtendableEvent { readonly request: Request; respondWith(response: Promise<Response>): void }
interface MessageEventLike extends ExtendableEvent { readonly data: unknown }
interface PushEventLike extends ExtendableEvent { readonly data: { json(): unknown } | null }
interface NotificationEventLike extends ExtendableEvent { readonly notification: Notification }
interface WindowClientLike { readonly url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  location: Location;
}

/** What the server pushes (server/push/sender.ts PushPayload). */
interface ServerPush { kind: 'your_turn' | 'invitation'; title: string; body: string; tag: string; url: string }

/** The only addresses a push may open, per kind: same origin, one id. */
const OPENS = { your_turn: /^\/#\/table\/[A-Za-z0-9_-]{1,64}$/, invitation: /^\/#\/invite\/[A-Za-z0-9_-]{1,64}$/ } as const;
const opensSomething = (url: string): boolean => Object.values(OPENS).some((pattern) => pattern.test(url));
const worker = self as unknown as WorkerScope;

const PREFIX = 'junction-shell-';
const SHELL = `${PREFIX}${__JUNCTION_VERSION__}`;
const FILES = new Set(__JUNCTION_FILES__);
const OFFLINE_PAGE = '/offline.html';
/** Caches of older builds kept: a page still open on the build before keeps finding its chunks. */
const OLD_BUILDS_KEPT = 1;

worker.addEventListener('install', (event) => {
  // `reload`: the files themselves, never an HTTP cache's older copy of index.html or offline.html.
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll([...FILES].map((path) => new Request(path, { cache: 'reload' })))));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Cache names come back in the order they were made: the newest older builds are last.
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== SHELL);
    await Promise.all(older.slice(0, Math.max(0, older.length - OLD_BUILDS_KEPT)).map((name) => caches.delete(name)));
    await worker.clients.claim();
  })());
});

// The page says when to take over (client/pwa/register.ts): only where no table is lost by it.
worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  // Only this build's own files (and an older build's, for a page still open on it); anything
  // else (the API, the matchmaker, a file of no build) goes to the network untouched.
  if (!FILES.has(url.pathname) && !url.pathname.startsWith('/assets/')) return;
  event.respondWith(fromShell(request));
});

async function fromShell(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreSearch: true });
  return cached ?? fetch(request);
}

async function offlinePage(): Promise<Response> {
  const cached = await caches.match(OFFLINE_PAGE, { cacheName: SHELL });
  return cached ?? new Response('Offline / Hors ligne', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** Only the server's own shape, and only a same-origin address of its kind to open. */
function serverPush(data: unknown): ServerPush | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const kind = d.kind;
  if (kind !== 'your_turn' && kind !== 'invitation') return null;
  if (typeof d.title !== 'string' || typeof d.body !== 'string' || typeof d.tag !== 'string' || typeof d.url !== 'string') return null;
  if (!OPENS[kind].test(d.url)) return null;
  return { kind, title: d.title.slice(0, 200), body: d.body.slice(0, 300), tag: d.tag.slice(0, 80), url: d.url };
}

worker.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  const push = serverPush(data);
  if (!push) return;
  // The same tag as the in-page notice (client/lobby/turnAlerts.ts, inviteAlerts.ts): one notification per table, never two.
  event.waitUntil(worker.registration.showNotification(push.title, {
    body: push.body, tag: push.tag, icon: '/icons/icon-192.png', data: { url: push.url },
  }));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !opensSomething(url)) return;
  event.waitUntil((async () => {
    const target = new URL(url, worker.location.origin).href;
    const pages = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const page = pages.find((p) => new URL(p.url).origin === worker.location.origin);
    if (page) {
      await page.navigate(target);
      await page.focus();
    } else {
      await worker.clients.openWindow(target);
    }
  })());
});
