import type { Generated } from 'kysely';

/** One short link: a recipient's own code for one web address of its text (server/src/links). */
export interface ShortLinksTable {
  /** SHORT_CODE_LENGTH letters and digits from crypto random (src/domain/links/short-links.ts). */
  code: string;
  profile_id: number;
  message_id: number;
  recipient_id: number;
  recipient_index: number;
  /** The recipient's network when the link was made (src/domain/numbers/networks.ts). */
  network: string;
  /** 'live', or 'test' for a test key's send: which mode's webhook endpoints hear of its clicks. */
  mode: string;
  /** The long URL of a link made before its send's URLs were stored once (url_id 0), else ''. */
  url: string;
  /** Its long URL in short_link_urls, or 0: the URL is `url`. */
  url_id: Generated<number>;
  /** It works SHORT_LINK_LIFETIME_MS from then. */
  created_at: number;
}

/** A long URL of a send, stored once for all its recipients' links; checked (http or https) before. */
export interface ShortLinkUrlsTable {
  id: Generated<number>;
  message_id: number;
  url: string;
  /** When its links were made (one store makes them all at once): it is pruned with them (migration 050). */
  created_at: number;
  /** How many links name it: an erasure that deletes the last one deletes it (migration 050). */
  links: number;
}

/** A send's recipients that were sent short links, by network. */
export interface ShortLinkCountsTable {
  message_id: number;
  network: string;
  recipients: number;
}

/** A click a person made on a short link: no address is kept, only the device family. */
export interface LinkClicksTable {
  id: Generated<number>;
  code: string;
  profile_id: number;
  message_id: number;
  recipient_id: number;
  recipient_index: number;
  network: string;
  device: string;
  at: number;
  /** When the link.clicked fan-out took it (0: not yet). */
  webhook_at: Generated<number>;
}

export interface LinkTables {
  short_links: ShortLinksTable;
  short_link_urls: ShortLinkUrlsTable;
  short_link_counts: ShortLinkCountsTable;
  link_clicks: LinkClicksTable;
}
