import { describe, expect, it } from 'vitest';
import { checkText } from './textFilter.js';

const verdict = (text: string) => {
  const v = checkText(text, 120);
  return v.ok ? 'ok' : v.code;
};

describe('chat text filter', () => {
  it('lets ordinary table talk through, in both languages', () => {
    for (const line of ['Well played, see you!', 'Bien joué, à plus !', 'class act', 'Scunthorpe', 'I need 3 more cars', 'On se refait une partie ?']) {
      expect(verdict(line), line).toBe('ok');
    }
  });

  it('refuses links, e-mail addresses and phone numbers', () => {
    for (const line of ['go to http://x.test', 'www.example.org', 'join me on example . com', 'mail me ana@mail.fr', 'come on discord']) {
      expect(verdict(line), line).toBe('chat_link');
    }
    expect(verdict('call 06 12 34 56 78')).toBe('chat_contact');
  });

  it('refuses listed words however they are disguised', () => {
    for (const line of ['oh MERDE', 'put@in', 'you are a B1TCH', 'meeeerde alors', 'f u c k', 'Enculé', 'ta gueule']) {
      expect(verdict(line), line).toBe('chat_word');
    }
  });

  it('refuses control and direction characters, and lines over the limit', () => {
    expect(verdict('hi\u202eevil')).toBe('chat_bad_text');
    expect(verdict('   ')).toBe('chat_bad_text');
    expect(checkText('a'.repeat(121), 120)).toEqual({ ok: false, code: 'chat_bad_text' });
  });
});
