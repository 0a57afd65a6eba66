/**
 * Friends (issue 29; docs/protocol.md "Friends"): follow a player by id or by name#tag, see who you
 * follow online and at which table (with Join or Watch when it is a public one) and their last
 * results, block a player, invite someone you follow to your private table (the invitee is also
 * told by Web Push when no lobby page of theirs is open) and read your invitations in the lobby.
 * Every route needs the caller's guest token; every refusal is a code the client shows in its
 * language (server:error.<code>) with its parameters.
 */
import { Router, type Request, type Response } from 'express';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { matchMaker, type Presence } from '@colyseus/core';
import type { IdentityRecord, PairStore, Store } from '../store/index.js';
import type { IpLimit } from '../http/ipLimits.js';
import type { Config } from '../config.js';
import { bearer } from '../identity/routes.js';
import { publicIdentity, type IdentityService } from '../identity/service.js';
import { isIdentityId } from '../identity/tokens.js';
import { NAME_MAX } from '../identity/names.js';
import { inLobby, onlineStatus } from './online.js';
import type { InvitationNotifier } from '../push/sender.js';

const RECENT = 3;
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;
const INVITE_ID = /^inv_[A-Za-z0-9_-]{8,32}$/;
const NAME_TAG = new RegExp(`^(.{1,${NAME_MAX}})#(\\d{4})$`, 'u');

/** A player named by id or by "name#tag" (as profiles and tables show them). */
const whoBody = z.union([
  z.object({ id: z.string().max(64).refine(isIdentityId) }).strict(),
  z.object({ name: z.string().max(NAME_MAX + 5).regex(NAME_TAG) }).strict(),
]);
const inviteBody = z.object({ to: z.string().max(64).refine(isIdentityId), roomId: z.string().regex(ROOM_ID) }).strict();

interface TableMeta { game?: unknown; phase?: unknown; free?: unknown; private?: unknown }

function refuse(res: Response, status: number, code: string, error: string, params?: Record<string, string | number>): void {
  res.status(status).json({ error, code, ...(params ? { params } : {}) });
}

/** Follows and blocks: the same four routes over a PairStore, each with its cap and its refusal past it. */
interface PairRoutes { path: '/follows' | '/blocks'; pairs: PairStore; max: number; code: string; text: (max: number) => string }

export function friendsRoutes(deps: {
  store: Store; identities: IdentityService; presence: Presence; config: Config; limit: IpLimit; notify: InvitationNotifier;
}): Router {
  const { store, identities, presence, config } = deps;
  const friends = store.friends;
  const router = Router();
  router.use(deps.limit.guard('Too many requests: wait a few seconds.'));

  /** The caller, or a 401 answered. */
  async function me(req: Request, res: Response): Promise<IdentityRecord | null> {
    const identity = await identities.resolve(bearer(req));
    if (!identity) refuse(res, 401, 'unknown_guest', 'Unknown guest token: send Authorization: Bearer <token>.');
    return identity;
  }

  /** The player a body names, or a refusal answered. */
  async function target(req: Request, res: Response, self: IdentityRecord): Promise<IdentityRecord | null> {
    const body = whoBody.safeParse(req.body);
    if (!body.success) return void refuse(res, 400, 'bad_friend', 'Name a player: { id } or { name: "Name#1234" }.'), null;
    let found: IdentityRecord | null;
    if ('id' in body.data) found = await store.getIdentity(body.data.id);
    else {
      const [, name, tag] = NAME_TAG.exec(body.data.name)!;
      found = await friends.identityByNameTag(name.normalize('NFC'), tag);
    }
    if (!found) return void refuse(res, 404, 'no_such_player', 'No such player.'), null;
    if (found.id === self.id) return void refuse(res, 400, 'friend_self', 'That is you.'), null;
    return found;
  }

  router.get('/', async (req, res) => {
    const self = await me(req, res);
    if (!self) return;
    const [follows, blocks] = await Promise.all([friends.follows.list(self.id), friends.blocks.list(self.id)]);
    const ids = follows.map((f) => f.identity.id);
    // Those who block the caller are never shown online to them.
    const [status, hiding, recent] = await Promise.all([onlineStatus(presence, ids), friends.blockersAmong(self.id, ids), friends.recentPublicGames(ids, RECENT)]);
    const hidden = new Set(hiding);
    res.json({
      follows: follows.map((f) => {
        const s = hidden.has(f.identity.id) ? undefined : status.get(f.identity.id);
        return {
          identity: publicIdentity(f.identity), since: f.since, online: s?.online ?? false, table: s?.table ?? null,
          recent: (recent.get(f.identity.id) ?? []).map((l) => ({ id: l.gameId, game: l.game, finishedAt: l.finishedAt, place: l.place, seats: l.seats, status: l.status })),
        };
      }),
      blocks: blocks.map((b) => ({ identity: publicIdentity(b.identity), since: b.since })),
      limits: { follows: config.FOLLOWS_MAX, blocks: config.BLOCKS_MAX, invites: config.INVITES_PENDING_MAX },
    });
  });

  function pairRoutes(p: PairRoutes): void {
    router.post(p.path, async (req, res) => {
      const self = await me(req, res);
      if (!self) return;
      const other = await target(req, res, self);
      if (!other) return;
      if (!await p.pairs.add(self.id, other.id, Date.now(), p.max)) return refuse(res, 409, p.code, p.text(p.max), { max: p.max });
      res.status(201).json({ identity: publicIdentity(other) });
    });

    router.delete(`${p.path}/:id`, async (req: Request<{ id: string }>, res) => {
      const self = await me(req, res);
      if (!self) return;
      if (!isIdentityId(req.params.id)) return refuse(res, 404, 'no_such_player', 'No such player.');
      await p.pairs.remove(self.id, req.params.id);
      res.status(204).end();
    });
  }

  const pairKinds: PairRoutes[] = [
    { path: '/follows', pairs: friends.follows, max: config.FOLLOWS_MAX, code: 'too_many_follows', text: (max) => `You follow ${max} players already: unfollow someone first.` },
    { path: '/blocks', pairs: friends.blocks, max: config.BLOCKS_MAX, code: 'too_many_blocks', text: (max) => `You block ${max} players already: unblock someone first.` },
  ];
  for (const p of pairKinds) pairRoutes(p);

  /** Pending invitations to tables still open, newest first. */
  router.get('/invites', async (req, res) => {
    const self = await me(req, res);
    if (!self) return;
    const pending = await friends.invitesTo(self.id, Date.now());
    const open = await Promise.all(pending.map(async (i) => (await matchMaker.query({ roomId: i.roomId })).length > 0));
    res.json({
      invites: pending.filter((_, n) => open[n]).map((i) => ({
        id: i.id, from: publicIdentity(i.from), roomId: i.roomId, game: i.game, createdAt: i.createdAt, expiresAt: i.expiresAt,
      })),
    });
  });

  router.post('/invites', async (req, res) => {
    const self = await me(req, res);
    if (!self) return;
    const body = inviteBody.safeParse(req.body);
    if (!body.success) return refuse(res, 400, 'bad_invite', 'Invite with { to: <identity id>, roomId }.');
    const { to, roomId } = body.data;
    if (to === self.id) return refuse(res, 400, 'friend_self', 'That is you.');
    if (!await store.getIdentity(to)) return refuse(res, 404, 'no_such_player', 'No such player.');
    if (!await friends.follows.has(self.id, to)) return refuse(res, 403, 'invite_not_followed', 'Follow this player first to invite them.');
    // A block either way: the same answer, so an inviter cannot tell they were blocked.
    if (await friends.blockedBetween(self.id, to)) return refuse(res, 403, 'invite_refused', 'This player cannot be invited.');
    const [room] = await matchMaker.query({ roomId });
    const meta = (room?.metadata ?? {}) as TableMeta;
    const yours = room && meta.private === true && typeof meta.game === 'string'
      && await matchMaker.remoteRoomCall(roomId, 'seatHeldFor', [self.id]).then((held: unknown) => held !== null, () => false);
    if (!yours) return refuse(res, 403, 'invite_not_your_table', 'Invite to a private table you sit at.');
    if (meta.phase !== 'waiting' || typeof meta.free !== 'number' || meta.free <= 0) return refuse(res, 409, 'invite_table_full', 'This table has no free seat.');
    const now = Date.now();
    const invite = { id: `inv_${randomBytes(12).toString('base64url')}`, fromId: self.id, toId: to, roomId, game: meta.game as string, createdAt: now, expiresAt: now + config.INVITE_TTL_MS };
    const outcome = await friends.addInvite(invite, config.INVITES_PENDING_MAX, config.INVITES_PENDING_MAX);
    if (outcome === 'sender_full') {
      return refuse(res, 409, 'too_many_invites', `You have ${config.INVITES_PENDING_MAX} invitations waiting already.`, { max: config.INVITES_PENDING_MAX });
    }
    if (outcome === 'recipient_full') return refuse(res, 409, 'invitee_busy', 'This player has too many invitations waiting: try again later.');
    // An open lobby page shows the invitation itself (and a notice when in the background): no push then.
    if (deps.notify.enabled && !await inLobby(presence, to).catch(() => false)) {
      deps.notify.invitation({ identityId: to, inviteId: invite.id, roomId, game: invite.game, from: publicIdentity(self).display });
    }
    res.status(201).json({ invite: { id: invite.id, to, roomId, game: invite.game, createdAt: now, expiresAt: invite.expiresAt } });
  });

  /** Declined by the invitee, or withdrawn by the inviter. */
  router.delete('/invites/:id', async (req: Request<{ id: string }>, res) => {
    const self = await me(req, res);
    if (!self) return;
    if (!INVITE_ID.test(req.params.id) || !await friends.deleteInvite(req.params.id, self.id)) return refuse(res, 404, 'no_such_invite', 'No such invitation.');
    res.status(204).end();
  });

  return router;
}
