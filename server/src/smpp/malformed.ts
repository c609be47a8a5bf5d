/** What the gateway's SMPP reader throws for octets SMPP 3.4 does not allow (a field cut short, a bad time). */
export class Malformed extends Error {}
