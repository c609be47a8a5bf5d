// The send form's counter (docs/product.md#parts-and-encodings): characters as typed, beside how many fit in
// the billed parts; the parts stay sms.ts's.
import { describe, expect, it } from 'vitest';
import { characterCount, counterNote, GSM_DOUBLE_NOTE } from '../../../src/domain/messages/character-count';
import { countSms } from '../../../src/domain/messages/sms';

const UNICODE_NOTE = 'Unicode: 50 characters fit in 1 message, 123 in 2 (160 and 306 without unicode)';

describe('characterCount', () => {
  it('counts an 82-character unicode text as 82 of the 123 that fit in its 2 parts', () => {
    const text = 'Mema mo akye! Yɛde anigye frɛ mo ba yɛn afahyɛ kɛseɛ a ɛbɛba Memeneda yi. Yɛda ase';
    const count = characterCount(text);
    expect(count).toMatchObject({ characters: 82, limit: 123, parts: 2, unicode: true, doubleRoom: false });
    // The billed count is the spec's, unchanged: 2 × 82 + 60.
    expect(count.length).toBe(224);
    expect(counterNote(count)).toBe(UNICODE_NOTE);
  });

  it.each([
    // Unicode: 50 characters in 1 part, 123 in 2, then 153 bytes (76 characters and a half) a part.
    ['ɛ'.repeat(50), 50, 50, 1],
    ['ɛ'.repeat(51), 51, 123, 2],
    ['ɛ'.repeat(123), 123, 123, 2],
    ['ɛ'.repeat(124), 124, 199, 3],
    ['ɛ'.repeat(658), 658, 658, 9],
    // GSM: the spec's 160, 306 and 153 a part.
    ['', 0, 160, 1],
    ['x'.repeat(160), 160, 160, 1],
    ['x'.repeat(161), 161, 306, 2],
    ['x'.repeat(307), 307, 459, 3],
    ['x'.repeat(1377), 1377, 1377, 9],
  ])('%#: %j… is %d / %d characters in %d part(s)', (text, characters, limit, parts) => {
    expect(characterCount(text)).toMatchObject({ characters, limit, parts });
    expect(characterCount(text).parts).toBe(countSms(text).parts);
  });

  it('shows a text beyond nine parts over the nine-part limit', () => {
    expect(characterCount('x'.repeat(1400))).toMatchObject({ characters: 1400, limit: 1377, label: 'out of range' });
    expect(characterCount('ɛ'.repeat(700))).toMatchObject({ characters: 700, limit: 658, label: 'out of range' });
  });

  it('counts a GSM extension character once, giving it the room of two', () => {
    const count = characterCount('Hi {name}, [ok]');
    expect(count).toMatchObject({ characters: 15, limit: 156, parts: 1, unicode: false, doubleRoom: true });
    expect(counterNote(count)).toBe(GSM_DOUBLE_NOTE);
  });

  it('counts an emoji, even with a skin tone, as one character taking the room of two or more', () => {
    const count = characterCount('Thanks 👍🏽');
    // 'Thanks ' is 7 UTF-16 units, the emoji 4: 2 × 11 + 60 = 82 of 160.
    expect(count).toMatchObject({ characters: 8, length: 82, parts: 1, unicode: true, doubleRoom: true });
    expect(count.limit).toBe(8 + (160 - 82) / 2);
    expect(counterNote(count)).toBe(`${UNICODE_NOTE}; emoji and some symbols take the room of two characters`);
  });

  it('adds no note to plain GSM text', () => {
    expect(counterNote(characterCount('Hello there'))).toBeNull();
  });
});
