// Types of table-owners.js for the tests that read its lists.
export declare const TABLE_OWNERS: Record<string, string>;
export declare const READERS: Record<string, string[]>;
export declare const WRITERS: Record<string, string[]>;
export declare const tablesPlugin: { rules: Record<string, unknown> };
