import { describe, expect, it } from 'vitest';
import { yourTurnText } from './messages.js';

describe('push notification words', () => {
  it('names the game and the others in the player\'s language', () => {
    expect(yourTurnText('en', 'traffic_tango', ['Ana'])).toEqual({ title: 'Your turn in Traffic Tango with Ana', body: 'Open the table to play your move.' });
    expect(yourTurnText('en', 'rush_hour', ['Ana', 'Ben', 'Cleo']).title).toBe('Your turn in Rush Hour with Ana, Ben, and Cleo');
    expect(yourTurnText('fr', 'traffic_tango', ['Ana'])).toEqual({ title: 'À vous de jouer au Traffic Tango avec Ana', body: 'Ouvrez la table pour jouer votre coup.' });
    expect(yourTurnText('fr', 'car_exchange', ['Ana', 'Ben']).title).toBe('À vous de jouer au Car Exchange avec Ana et Ben');
    expect(yourTurnText('fr', 'traffic_memory', []).title).toBe('À vous de jouer au Traffic Memory');
  });
});
