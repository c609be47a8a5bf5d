// What the SMPP server reads from a session (docs/smpp.md): whole PDUs with their raw bytes, in place
// of the package's reader (smpp/pdu-stream.ts). A PDU that cannot be read is answered generic_nack
// instead of stopping the session; submit_sm is read from its bytes by the gateway's own reader alone
// (the package's parse of it, text decoded with its own guesses, would only be thrown away); a
// deliver_sm_resp (one for each receipt) is read for its status alone. Nothing is read while too many
// answers wait for the customer (connection.ts WRITE_HIGH, ANSWERS_HIGH).
import smpp, { type PDU } from 'smpp';
import { COMMAND } from '../smpp/protocol';
import { answered, readPdus } from '../smpp/pdu-stream';
import { backlogged, genericNack, respond, type Conn } from './connection';
import type { Binds } from './binds';

/** PDUs one session reads in one turn of the event loop, then yields (a turn stays well under 50 ms). */
const PDUS_A_TURN = 256;

export interface SessionEvents {
  submit: (sequence: number, raw: Buffer) => void;
  /** Any other request, read by the package. */
  command: (pdu: PDU) => void;
  /** A command_length that cannot be followed: nothing more is read from the session. */
  wrongLength: () => void;
  /** Every PDU read, a deliver_sm_resp too. */
  any: () => void;
  /** A fault of the reader itself: the session is destroyed. */
  fault: (error: unknown) => void;
}

/** Reads the session's PDUs and hands each on; returns what goes on reading once the answers waiting went out. */
export function readSession(conn: Conn, on: SessionEvents): () => void {
  const session = conn.session;
  return readPdus(session, {
    perTurn: PDUS_A_TURN,
    backlogged: () => backlogged(conn),
    onWrongLength: on.wrongLength,
    onFault: (error) => {
      session.socket.destroy();
      on.fault(error);
    },
    onPdu: (raw) => {
      on.any();
      const sequence = raw.readUInt32BE(12);
      const command = raw.readUInt32BE(4);
      if (command === COMMAND.submit_sm) return on.submit(sequence, raw);
      if (command === COMMAND.deliver_sm_resp) {
        // A receipt's answer: only its status is read (its message_id is empty), not the whole PDU.
        const status = raw.readUInt32BE(8);
        const resp = {
          command: 'deliver_sm_resp',
          command_id: command,
          command_status: status,
          sequence_number: sequence,
        };
        return answered(session, resp as PDU);
      }
      let pdu: PDU;
      try {
        pdu = new smpp.PDU(raw);
      } catch {
        genericNack(conn, sequence, smpp.errors.ESME_RINVCMDLEN!);
        return;
      }
      if (pdu.isResponse()) answered(session, pdu);
      else on.command(pdu);
    },
  });
}

/** Answers a request other than submit_sm: binds, enquire_link, unbind; generic_nack for what is not taken. */
export function answerCommand(conn: Conn, pdu: PDU, binds: Binds) {
  switch (pdu.command) {
    case 'bind_transmitter':
    case 'bind_receiver':
    case 'bind_transceiver':
      void binds.bind(conn, pdu);
      return;
    case 'enquire_link':
      respond(conn, pdu);
      return;
    case 'unbind':
      respond(conn, pdu);
      conn.session.close();
      return;
    case 'unknown':
      respond(conn, pdu, { command_status: smpp.errors.ESME_RINVCMDID });
      return;
    default:
      // A command the server does not take (query_sm, replace_sm, data_sm, submit_multi, ...).
      genericNack(conn, pdu.sequence_number, smpp.errors.ESME_RINVCMDID!);
  }
}
