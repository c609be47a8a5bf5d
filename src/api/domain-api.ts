import { parseDomainDetails } from '../domain/brand/domain-details';
import type { DomainDetails } from '../domain/types';
import { request, type AnswerSchema } from './http';
import { DOMAIN_PATH } from '../domain/navigation/api-paths';

/** Domain details as the gateway answers them (docs/api.md#transport); unknown fields are dropped. */
export type DomainDetailsAnswer = DomainDetails;

const DomainDetailsSchema: AnswerSchema<DomainDetailsAnswer> = {
  safeParse: (data) => {
    const parsed = parseDomainDetails(data);
    return parsed ? { success: true, data: parsed } : { success: false };
  },
};

export function fetchDomainDetails(host: string): Promise<DomainDetailsAnswer> {
  return request({
    path: `${DOMAIN_PATH}?domain=${encodeURIComponent(host)}`,
    method: 'GET',
    schema: DomainDetailsSchema,
  });
}
