import { Fragment, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Code, Table } from '@mantine/core';
import { API_ERRORS, type ApiErrorCode } from '../../domain/api-v1/error-codes';
import { SectionCard } from '../../ui/section-card';

const CODES = Object.keys(API_ERRORS) as ApiErrorCode[];

/** Every error code the API answers, each at its own anchor: an error's doc_url points here. */
export function ErrorsTable() {
  const { hash } = useLocation();
  useEffect(() => {
    const code = decodeURIComponent(hash.slice(1));
    if (code) document.getElementById(code)?.scrollIntoView({ block: 'center' });
  }, [hash]);
  return (
    <SectionCard id="developer-errors-title" title="Errors">
      <Table verticalSpacing="xs" aria-label="Error codes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="4.5em">Status</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>What it means</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CODES.map((code) => (
            <Table.Tr
              key={code}
              id={code}
              bg={hash === `#${code}` ? 'var(--mantine-color-yellow-light)' : undefined}
              aria-current={hash === `#${code}` ? 'true' : undefined}
            >
              <Table.Td>{API_ERRORS[code].status}</Table.Td>
              <Table.Td>
                {/* A long code breaks only after its underscores. */}
                <Code>
                  {code.split('_').map((part, i) => (
                    <Fragment key={part}>
                      {i > 0 && (
                        <>
                          _<wbr />
                        </>
                      )}
                      {part}
                    </Fragment>
                  ))}
                </Code>
              </Table.Td>
              <Table.Td>{API_ERRORS[code].words}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
