/**
 * "Your turn" by Web Push for closed pages (issue 25; docs/protocol.md "Web Push"): the browser
 * subscribes with the server's VAPID key (GET /api/push/key) through the service worker, and the
 * subscription is kept for this guest (POST /api/push/subscription) with the page's language, so
 * the server writes each notification in it. Turned off, the subscription is dropped on both sides.
 */
import { api } from '../net/identity.js';
import { language } from '../i18n/index.js';

const SETTING = 'junction.pushAlerts';

/** Whether this browser can receive pushes at all (a service worker and the Push API). */
export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && typeof Notification !== 'undefined';
}

export function pushWanted(): boolean {
  return localStorage.getItem(SETTING) === 'on';
}

let serverKey: Promise<string | null> | null = null;

/** The server's VAPID public key, null when push is off there. */
export function pushKey(): Promise<string | null> {
  serverKey ??= api<{ key: string }>('GET', '/push/key').then((r) => r.key, () => null);
  return serverKey;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Tells the server about this browser's subscription (again: its language may have changed). */
async function keep(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await api('POST', '/push/subscription', { endpoint: json.endpoint, keys: json.keys, lang: language() });
}

/** Asks for permission (the player pressed the switch) and subscribes; false when refused or unavailable. */
export async function turnPushOn(): Promise<boolean> {
  const key = await pushKey();
  const reg = await registration();
  if (!key || !reg) return false;
  const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (answer !== 'granted') return false;
  try {
    const subscription = (await reg.pushManager.getSubscription()) ?? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    await keep(subscription);
  } catch {
    return false;
  }
  localStorage.setItem(SETTING, 'on');
  return true;
}

export async function turnPushOff(): Promise<void> {
  localStorage.setItem(SETTING, 'off');
  const subscription = await (await registration())?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await api('DELETE', '/push/subscription', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

/** On each lobby visit: the server keeps the subscription fresh, in the page's current language. */
export async function renewPush(): Promise<void> {
  if (!pushWanted()) return;
  const subscription = await (await registration())?.pushManager.getSubscription().catch(() => null);
  if (subscription) await keep(subscription).catch(() => undefined);
}
