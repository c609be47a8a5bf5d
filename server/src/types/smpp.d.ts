// The parts of the `smpp` package (0.5.x, plain JavaScript) the gateway uses, typed.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
    [field: string]: unknown;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    server?: Server;
    send(pdu: PDU, responseCallback?: (response: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export const PDU: {
    new (command: string, options?: Record<string, unknown>): PDU;
    /** Reads a whole PDU from its bytes; throws when its fields run past its end. */
    new (buffer: Buffer): PDU;
    maxLength: number;
  };

  export function connect(options: Record<string, unknown>, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;

  export const errors: Record<string, number>;

  export const encodings: Record<
    'ASCII' | 'LATIN1' | 'UCS2',
    { encode(text: string): Buffer; decode(bytes: Buffer): string }
  >;
}
