/** Bip! Bip!'s views as schema (shared/wire/bip_bip.ts). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import type {
  BipClaimWire, BipMoveWire, BipPlayerWire, BipReviewWire, BipSeatWire, BipSwapWire, BipTableWire,
} from '../../shared/wire/bip_bip.js';

export class BipMoveState extends Schema implements BipMoveWire {
  @type('uint8') seat = 0;
  @type('uint8') from = 0;
  @type('uint8') to = 0;
  @type('boolean') swapped = false;
}

export class BipClaimState extends Schema implements BipClaimWire {
  @type('uint8') seat = 0;
  @type('uint8') card = 0;
  @type(['uint8']) cars = new ArraySchema<number>();
  @type('number') at = 0;
}

export class BipReviewState extends BipClaimState implements BipReviewWire {
  @type('number') until = 0;
  @type(['string']) board = new ArraySchema<string>();
}

export class BipSwapState extends Schema implements BipSwapWire {
  @type('uint8') leader = 0;
  @type('uint8') count = 0;
  @type('number') until = 0;
}

export class BipPlayerState extends Schema implements BipPlayerWire {
  @type('uint8') seat = 0;
  @type('uint8') handCount = 0;
  @type('boolean') handShown = false;
  @type(['uint8']) hand = new ArraySchema<number>();
  @type(['uint8']) claimed = new ArraySchema<number>();
  @type('number') blockedUntil = 0;
  @type(['uint8']) roundScores = new ArraySchema<number>();
  @type('uint16') total = 0;
}

export class BipTableState extends PublicViewState implements BipTableWire {
  @type('string') variant = '';
  @type('string') phase = '';
  @type('uint8') round = 0;
  @type('uint8') rounds = 0;
  @type('number') startsAt = 0;
  @type(['string']) board = new ArraySchema<string>();
  @type('uint32') boardVersion = 0;
  @type('int8') light = -1;
  @type(BipMoveState) lastMove?: BipMoveState;
  @type('number') frozenUntil = 0;
  @type(BipClaimState) lastClaim?: BipClaimState;
  @type([BipReviewState]) reviews = new ArraySchema<BipReviewState>();
  @type(BipSwapState) swap?: BipSwapState;
  @type('number') nextRoundAt = -1;
  @type(['uint8']) roundWinners = new ArraySchema<number>();
  @type('boolean') hiddenHands = false;
  @type('boolean') manualReferee = false;
  @type([BipPlayerState]) players = new ArraySchema<BipPlayerState>();
}

export class BipSeatState extends SeatViewState implements BipSeatWire {
  @type('uint8') seat = 0;
  @type(['uint8']) hand = new ArraySchema<number>();
  @type('number') blockedUntil = 0;
}
