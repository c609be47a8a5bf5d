// Addresses as SMPP 3.4 carries them: each with its type of number (TON) and numbering plan (NPI).
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';

/** The two addresses of a submit_sm or deliver_sm, each with its type of number and numbering plan. */
export interface PduAddresses {
  sourceTon: number;
  sourceNpi: number;
  source: string;
  destTon: number;
  destNpi: number;
  destination: string;
}

export interface SmppAddress {
  addr: string;
  ton: number;
  npi: number;
}

/**
 * The sender as SMPP addresses it: alphanumeric (any letter) TON 5 / NPI 0; a short code (up to 8
 * digits) TON 3 / NPI 0; any other number international, TON 1 / NPI 1.
 */
export function senderAddress(from: string): SmppAddress {
  const value = from.trim();
  if (/[^\d+\s-]/.test(value)) return { addr: value.slice(0, 11), ton: 5, npi: 0 };
  const digits = value.replace(/\D/g, '');
  if (digits.length <= 8) return { addr: digits, ton: 3, npi: 0 };
  return { addr: canonicalPhone(value), ton: 1, npi: 1 };
}

/** A destination in international form without '+', as carriers route it: 233244000001. */
export const destinationAddress = (number: string): string => canonicalPhone(number);
