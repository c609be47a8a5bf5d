// The connector interface lives in core (the context holds the configured connector); carrier code
// imports it from here.
export type * from '../core/connector';
