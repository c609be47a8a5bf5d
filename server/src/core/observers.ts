/** Where the HTTP layer and the database tell metrics what they did (docs/operations.md#metrics). */
export interface Observers {
  /** One answered request: its method, its route's pattern (never the path with ids), its status, its time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One database statement: its time and whether it failed. */
  query(seconds: number, failed: boolean): void;
}
