/**
 * Web Push for closed pages (issue 25 "your turn", issue 29 invitations; docs/protocol.md "Web
 * Push"): the browser subscribes with the server's VAPID key (GET /api/push/key) through the
 * service worker, and the subscription is kept for this guest (POST /api/push/subscription) with
 * the page's language, so the server writes each notification in it, and the kinds the lobby's
 * switches want. With no kind wanted, the subscription is dropped on both sides.
 */
import { api } from '../net/identity.js';
import { language } from '../i18n/index.js';
import type { PushKind } from '../../shared/protocol/pushKinds.js';

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

/** Tells the server about this browser's subscription (again: its language or kinds may have changed). */
async function keep(subscription: PushSubscription, kinds: readonly PushKind[]): Promise<void> {
  const json = subscription.toJSON();
  await api('POST', '/push/subscription', { endpoint: json.endpoint, keys: json.keys, lang: language(), kinds });
}

/**
 * Makes the server's copy match the switches: kept with the kinds wanted, dropped when none is.
 * A new subscription is made only when `create` (a switch was pressed, permission given); true
 * when this browser is subscribed afterwards.
 */
export async function syncPush(kinds: readonly PushKind[], create: boolean): Promise<boolean> {
  const key = await pushKey();
  const reg = await registration();
  if (!key || !reg) return false;
  const existing = await reg.pushManager.getSubscription().catch(() => null);
  if (kinds.length === 0) {
    if (existing) {
      await api('DELETE', '/push/subscription', { endpoint: existing.endpoint }).catch(() => undefined);
      await existing.unsubscribe().catch(() => false);
    }
    return false;
  }
  if ((!existing && !create) || Notification.permission !== 'granted') return false;
  try {
    await keep(existing ?? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }), kinds);
  } catch {
    return false;
  }
  return true;
}

/** Asks for permission (the player pressed the switch) and subscribes; false when refused or unavailable. */
export async function turnPushOn(kinds: () => readonly PushKind[]): Promise<boolean> {
  if (!await pushKey() || !await registration()) return false;
  const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (answer !== 'granted') return false;
  localStorage.setItem(SETTING, 'on');
  if (await syncPush(kinds(), true)) return true;
  localStorage.setItem(SETTING, 'off');
  return false;
}

/** "Your turn" no longer pushed; the subscription stays while invitations want it. */
export async function turnPushOff(kinds: () => readonly PushKind[]): Promise<void> {
  localStorage.setItem(SETTING, 'off');
  await syncPush(kinds(), false);
}

/** On each lobby visit: the server keeps the subscription fresh, in the page's current language. */
export async function renewPush(kinds: readonly PushKind[]): Promise<void> {
  await syncPush(kinds, false).catch(() => false);
}
