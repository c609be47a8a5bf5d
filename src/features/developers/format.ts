import { formatAccra } from '../../domain/dates';

/** A time of the API (ISO) as the app shows times, or a dash. */
export const when = (iso: string | null | undefined) => (iso ? formatAccra(iso, 'yyyy-MM-dd HH:mm') : '—');
