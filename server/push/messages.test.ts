import { describe, expect, it } from 'vitest';
import { invitationText, yourTurnText } from './messages.js';

describe('push notification words', () => {
  it('names the game and the others in the player\'s language', () => {
    expect(yourTurnText('en', 'traffic_tango', ['Ana'])).toEqual({ title: 'Your turn in Traffic Tango with Ana', body: 'Open the table to play your move.' });
    expect(yourTurnText('en', 'rush_hour', ['Ana', 'Ben', 'Cleo']).title).toBe('Your turn in Rush Hour with Ana, Ben, and Cleo');
    expect(yourTurnText('fr', 'traffic_tango', ['Ana'])).toEqual({ title: 'À vous de jouer au Traffic Tango avec Ana', body: 'Ouvrez la table pour jouer votre coup.' });
    expect(yourTurnText('fr', 'car_exchange', ['Ana', 'Ben']).title).toBe('À vous de jouer au Car Exchange avec Ana et Ben');
    expect(yourTurnText('fr', 'traffic_memory', []).title).toBe('À vous de jouer au Traffic Memory');
  });
  it('says who invites to which game, in the invitee\'s language', () => {
    expect(invitationText('en', 'traffic_tango', 'Ana#0042')).toEqual({ title: 'Ana#0042 invites you to a Traffic Tango table', body: 'Open the invitation to sit down at the table.' });
    expect(invitationText('fr', 'rush_hour', 'Ana#0042')).toEqual({ title: 'Ana#0042 vous invite à une table de Rush Hour', body: 'Ouvrez l’invitation pour vous asseoir à la table.' });
  });
});
