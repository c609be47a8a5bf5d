// CARRIER_URL (docs/carrier.md#connecting-a-carrier), exactly smpp://SYSTEM_ID:PASSWORD@HOST:PORT?window=10&tps=100 (or sim).
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/src/config';
import { describeCarrier, parseCarrierUrl } from '../../server/src/carrier/carrier-url';
import { ConfigError } from '../../server/src/core/errors';

describe('CARRIER_URL', () => {
  it('reads every field, with the defaults', () => {
    expect(parseCarrierUrl('smpp://acme:pa%3Ass@10.0.0.5:2776?window=50&tps=200')).toEqual({
      kind: 'smpp',
      tls: false,
      host: '10.0.0.5',
      port: 2776,
      systemId: 'acme',
      password: 'pa:ss',
      systemType: '',
      bind: 'transceiver',
      window: 50,
      tps: 200,
      enquireS: 30,
      timeoutS: 10,
      ids: 'same',
    });
    expect(
      parseCarrierUrl(
        'smpps://acme:secret@smsc.example.net?system_type=VMA&bind=transmitter%2Breceiver&enquire=15&timeout=5',
      ),
    ).toMatchObject({
      tls: true,
      port: 2775,
      systemType: 'VMA',
      bind: 'transmitter+receiver',
      enquireS: 15,
      timeoutS: 5,
      window: 10,
      tps: 100,
    });
    expect(parseCarrierUrl(' sim ')).toEqual({ kind: 'sim' });
  });

  it.each([
    ['http://a:b@host:2775', 'must start with smpp:// or smpps://'],
    ['smpp://host:2775', 'needs the SYSTEM_ID and PASSWORD before the @'],
    ['smpp://a:b@host:2775/x', 'has a path'],
    ['smpp://a:b@host:2775?window=0', 'has window=0: it must be a number from 1 to 1000'],
    ['smpp://a:b@host:2775?tps=Infinity', 'has tps=Infinity'],
    ['smpp://a:b@host:2775?tps=', 'has tps=: it must be a number'],
    ['smpp://a:b@host:2775?window=1e400', 'has window=1e400'],
    ['smpp://a:b@host:2775?windows=10', "has an unknown field 'windows'"],
    ['smpp://a:b@host:2775?tps=1&tps=2', "repeats 'tps'"],
    ['smpp://a:b@host:2775?bind=receiver', 'has bind=receiver'],
    ['smpp://a:b@host:2775?ids=both', 'has ids=both: it must be same, hex or decimal'],
    ['smpp://a:toolongpassword@host:2775', 'has a PASSWORD longer than 8 characters'],
    ['smpp://a:%E0%A4%A@host:2775', 'has a malformed PASSWORD'],
    ['smpp://a:b@:2775', 'is not a URL'],
  ])('refuses %s, saying what to set and never the password', (raw, message) => {
    let error: unknown;
    try {
      parseCarrierUrl(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toContain('smpp://SYSTEM_ID:PASSWORD@HOST:PORT');
    expect((error as Error).message).not.toMatch(/toolongpassword|%E0/);
  });

  it('prints the settings with the password as ***', () => {
    const settings = parseCarrierUrl('smpp://acme:hunter2@smsc.example.net:2775?window=10&tps=100');
    expect(describeCarrier(settings)).toBe(
      'smpp://acme:***@smsc.example.net:2775?window=10&tps=100&bind=transceiver&enquire=30&timeout=10&ids=same',
    );
    expect(describeCarrier({ kind: 'sim' })).toMatch(/^sim/);
  });

  it('is the simulator in dev mode unless set, and required outside it', () => {
    expect(configFromEnv({ GATEWAY_DEV: '1' }).carrier).toEqual({ kind: 'sim' });
    expect(() => configFromEnv({ MAIN_HOST: 'sms.example.com' })).toThrow(
      "CARRIER_URL must be set outside dev mode: your carrier's SMPP account, e.g. smpp://SYSTEM_ID:PASSWORD@smsc.example.net:2775?window=10&tps=100, or sim to deliver nothing (GATEWAY_DEV=1 runs the demo with the simulator)",
    );
    expect(configFromEnv({ MAIN_HOST: 'sms.example.com', CARRIER_URL: 'smpp://a:b@h:1' }).carrier).toMatchObject({
      kind: 'smpp',
      host: 'h',
      port: 1,
    });
  });
});
