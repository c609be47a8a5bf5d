import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { DAY_MS, formatAccra } from '../../../src/domain/dates';

type Person = [firstname: string, surname: string, phonenumber: string, birthday: string];

async function seedBook(ctx: GatewayContext, owner: UserRow, groupname: string, people: Person[]) {
  const group = await ctx.db
    .insertInto('groups')
    .values({ profile_id: owner.profile_id, groupname, created_at: ctx.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('contacts')
    .values(
      people.map(([firstname, surname, phonenumber, birthday], i) => ({
        group_id: group.id,
        profile_id: owner.profile_id,
        firstname,
        surname,
        phonenumber,
        birthday,
        email: `${firstname.toLowerCase()}.${surname.toLowerCase()}@example.com`,
        referencekey: randomUUID(),
        created_at: ctx.now() + i,
      })),
    )
    .execute();
}

/** A phone book with contacts and birthdays for the demo users (README's demo accounts). */
export async function seedDemoPhonebook(ctx: GatewayContext, users: { demo: UserRow; client: UserRow }): Promise<void> {
  // One birthday today and one tomorrow in Accra, so the birthday scheduler has work in a demo.
  const day = (offsetDays: number, year: number) => `${year}-${formatAccra(ctx.now() + offsetDays * DAY_MS, 'MM-dd')}`;
  await seedBook(ctx, users.demo, 'Customers', [
    ['Kwame', 'Mensah', '233241000001', day(0, 1988)],
    ['Ama', 'Owusu', '233241000002', day(1, 1992)],
    ['Kofi', 'Asante', '233241000003', '1979-03-06'],
    ['Akosua', 'Boateng', '233241000004', ''],
    ['Yaw', 'Darko', '233241000005', '1995-12-24'],
    ['Efua', 'Appiah', '233241000006', ''],
    ['Kojo', 'Addo', '233241000013', '2001-07-01'], // ends in 13: the simulated carrier fails it
    ['Abena', 'Ofori', '233241000099', ''], // ends in 99: stays pending
  ]);
  await seedBook(ctx, users.demo, 'Staff', [
    ['Esi', 'Quaye', '233201000001', '1990-01-15'],
    ['Nana', 'Agyeman', '233201000002', ''],
  ]);
  await seedBook(ctx, users.client, 'Acme customers', [
    ['Adwoa', 'Tetteh', '233551000001', day(0, 1985)],
    ['Kwesi', 'Nyarko', '233551000002', ''],
    ['Afia', 'Sarpong', '233551000003', '1999-09-09'],
  ]);
}
