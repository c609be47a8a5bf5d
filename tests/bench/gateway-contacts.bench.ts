// Measures a 100,000-contact createcontactexel, end to end over HTTP (inject), and the reads of such a book.
// Run: npx tsx tests/bench/gateway-contacts.bench.ts   (PostgreSQL: node scripts/with-postgres.mjs npx tsx ...)
import { performance } from 'node:perf_hooks';
import { call, login, makeTestApp } from '../gateway/helpers/test-app';

const ROWS = 100_000;

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  // Wall time, and this process's CPU time, which a loaded machine inflates less.
  const cpuMs = ((used.user + used.system) / 1000).toFixed(0);
  console.log(
    `${label.padEnd(52)} ${(performance.now() - start).toFixed(0).padStart(7)} ms  (gateway CPU ${cpuMs.padStart(6)} ms)`,
  );
  return result;
}

const gw = await makeTestApp();
try {
  const demo = await login(gw, 'demouser', 'demo12345');
  const sup = await login(gw, 'supervisor', 'supervisor123');
  const as = (path: string, body: Record<string, unknown>, token = demo.token) =>
    call(gw, path, { profile_id: demo.profile_id, ...body }, { token });
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    firstname: `First${i}`,
    middlename: i % 4 === 0 ? 'Kofi' : '',
    surname: `Surname${i}`,
    numbers: 233_240_000_000 + i,
    email: `person${i}@example.com`,
    birthday: i % 5 === 0 ? `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 9}` : '',
  }));
  const bytes = Buffer.byteLength(JSON.stringify({ groupname: 'Bench', excelData: rows }));
  console.log(
    `gateway contacts bench on ${gw.ctx.db.dialectName}: ${ROWS.toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB body`,
  );

  await as('creategroup', { groupname: 'Bench' });
  const res = await timed('createcontactexel 100,000 rows (HTTP, one call)', () =>
    as('createcontactexel', { groupname: 'Bench', excelData: rows }),
  );
  if (res.status !== 200 || res.body.inserted !== ROWS)
    throw new Error(`import failed: ${JSON.stringify(res.body).slice(0, 300)}`);
  await as('creategroup', { groupname: 'Bench2' });
  await timed('createcontactexel 100,000 rows again (warm)', () =>
    as('createcontactexel', { groupname: 'Bench2', excelData: rows }),
  );

  const groups = await timed('groupsrequest (2 books of 100,000, 1,000 inline)', () => as('groupsrequest', {}));
  const bench = groups.body.groups.find((g: { groupname: string }) => g.groupname === 'Bench');
  await timed('groupcontacts page 1 (1,000 of 100,000)', () => as('groupcontacts', { groupid: bench.id, pageNum: 1 }));
  await timed('groupcontacts page 100 (last)', () => as('groupcontacts', { groupid: bench.id, pageNum: 100 }));
  await timed('groupcontacts search "person99999"', () =>
    as('groupcontacts', { groupid: bench.id, search: 'person99999' }),
  );
  await timed('numbers/ page 1 (profile 6, 100,000 distinct)', () =>
    call(gw, 'numbers/', { profile_id: 6, pageNum: 1 }, { token: sup.token }),
  );
  await timed('deletegroup of a 100,000-contact book', () => as('deletegroup', { arrayofgroups: [bench.id] }));
} finally {
  await gw.close();
}
