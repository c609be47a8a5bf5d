// The connector's link to its SMSC: one transceiver session, or a transmitter and a receiver, each
// read by the gateway's own PDU reader (smpp/pdu-stream.ts), bound, kept alive with enquire_link,
// and unbound at a stop.
import smpp, { type PDU, type Session } from 'smpp';
import type { SmppSettings } from '../carrier-url';
import { readCarrierPdus } from '../../smpp/pdu-stream';
import { statusName } from '../../smpp/protocol';

const ESME_ROK = 0;
/** How long a stop waits for each session's unbind_resp. */
export const UNBIND_WAIT_MS = 2000;

export interface Link {
  /** The session submits go on (the transceiver, or the transmitter). */
  tx: Session;
  sessions: Session[];
  bound: Set<Session>;
  enquireTimer: NodeJS.Timeout | null;
}

/** What a link's sessions tell the connector. */
export interface LinkEvents {
  /** The link failed (an error, a refused bind, no answer to enquire_link): it is dropped. */
  fail: (link: Link, reason: string) => void;
  /** The link ended (closed, unbound by the carrier). */
  drop: (link: Link, reason: string) => void;
  /** A deliver_sm: a receipt or a message from a phone. */
  deliver: (session: Session, pdu: PDU) => void;
  /** A generic_nack: the answer of the request of its sequence number. */
  nack: (pdu: PDU) => void;
  /** One more session of the link is bound. */
  sessionBound: (link: Link) => void;
}

/** Whether every session of the link is bound. */
export const linkBound = (link: Link | null) => !!link && link.sessions.every((s) => link.bound.has(s));

/** Opens the link's sessions (TLS for smpps://) and binds each once connected. */
export function openLink(s: SmppSettings, tlsCa: Buffer | undefined, on: LinkEvents): Link {
  const open = (command: string) => {
    const ca = tlsCa ? { ca: tlsCa } : {};
    const session = smpp.connect({ host: s.host, port: s.port, tls: s.tls, rejectUnauthorized: true, ...ca });
    readCarrierPdus(session);
    // Small PDUs answered one by one: Nagle's delay would hold each write back for the previous ACK.
    session.socket.setNoDelay(true);
    session.on('error', (error: Error) => on.fail(link, `link error: ${error.message}`));
    session.on('close', () => on.drop(link, 'the link closed'));
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      on.drop(link, 'the carrier unbound');
    });
    session.on('deliver_sm', (pdu: PDU) => on.deliver(session, pdu));
    session.on('generic_nack', (pdu: PDU) => on.nack(pdu));
    session.on(s.tls ? 'secureConnect' : 'connect', () => {
      const bind = { system_id: s.systemId, password: s.password, system_type: s.systemType, interface_version: 0x34 };
      session.send(new smpp.PDU(command, bind), (resp) => {
        if (resp.command_status !== ESME_ROK) {
          on.fail(link, `bind refused: ${statusName(resp.command_status)}`);
          return;
        }
        link.bound.add(session);
        on.sessionBound(link);
      });
    });
    return session;
  };
  const sessions =
    s.bind === 'transceiver' ? [open('bind_transceiver')] : [open('bind_transmitter'), open('bind_receiver')];
  const link: Link = { tx: sessions[0]!, sessions, bound: new Set(), enquireTimer: null };
  return link;
}

/** enquire_link on each session; no answer within `timeoutMs` means the link is dead. */
export function enquire(link: Link, timeoutMs: number, fail: (link: Link, reason: string) => void) {
  for (const session of link.sessions) {
    const timer = setTimeout(() => fail(link, 'no answer to enquire_link'), timeoutMs);
    session.send(new smpp.PDU('enquire_link'), () => clearTimeout(timer));
  }
}

/** Unbinds each bound session; resolves once each answered, or after UNBIND_WAIT_MS. */
export async function unbindAll(link: Link) {
  await Promise.all(
    [...link.bound].map(
      (session) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, UNBIND_WAIT_MS);
          const sent = session.send(new smpp.PDU('unbind'), () => {
            clearTimeout(timer);
            resolve();
          });
          if (!sent) resolve();
        }),
    ),
  );
}
