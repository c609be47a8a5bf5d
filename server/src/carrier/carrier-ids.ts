/**
 * The forms a carrier's message id may take between its submit answer and its receipt: as given
 * (lower-case), then its hex or decimal counterpart. Carriers differ (Kannel's and Jasmin's trackers
 * are full of receipts lost to this): one answers '0A1B2C' and reports 'id:662316', or the other way.
 */
export function carrierIdForms(id: string): string[] {
  const given = id.trim().toLowerCase();
  const forms = [given];
  const bare = given.replace(/^0+(?=.)/, '');
  if (bare !== given) forms.push(bare);
  if (/^[0-9]{1,30}$/.test(given)) forms.push(BigInt(given).toString(16));
  if (/^[0-9a-f]{1,24}$/.test(given)) forms.push(BigInt(`0x${given}`).toString(10));
  return [...new Set(forms)];
}
