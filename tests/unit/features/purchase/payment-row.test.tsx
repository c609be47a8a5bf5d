import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Payment } from '../../../../src/api/list-api';
import { PaymentRow, paymentText } from '../../../../src/features/purchase/payment-row';
import { renderApp } from '../../support/render-app';

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  paymentid: 'P-1',
  amount: 100,
  currency: 'GHS',
  date: '2026-05-01T10:00:00.000Z',
  previousbalance: 10,
  balanceadded: 3760,
  newbalance: 3770,
  paymentassist: '',
  description: 'SMS credit purchase',
  username: 'buyer',
  email: 'buyer@example.com',
  telnumber: '233241234567',
  supid: 6,
  ...overrides,
});

describe('a credit history line', () => {
  it('counts a gift in credits, says who gave it, and never shows it as money', () => {
    const gift = payment({
      amount: 500,
      balanceadded: 500,
      paymentassist: 'supervisor',
      description: 'Credit given by supervisor',
    });
    expect(paymentText(gift)).toEqual({ title: '500 credits given by supervisor', detail: '' });
  });

  it('says what a gift given by rate was worth, in its currency', () => {
    const byRate = payment({ amount: 20, balanceadded: 800, paymentassist: 'acmeadmin' });
    expect(paymentText(byRate)).toEqual({ title: '800 credits given by acmeadmin', detail: 'Worth GHS 20.00' });
  });

  it('shows a purchase in GHS, and a referral bonus by its description', () => {
    expect(paymentText(payment()).title).toBe('GHS 100.00 purchase');
    expect(paymentText(payment({ amount: 0, description: 'Referral bonus for a purchase by ama' })).title).toBe(
      'Referral bonus for a purchase by ama',
    );
  });

  it('shows an admin who bought, but no internal supervisor number', () => {
    renderApp(<PaymentRow data={payment({ amount: 500, balanceadded: 500, paymentassist: 'supervisor' })} client />);
    expect(screen.getByText('500 credits given by supervisor')).toBeTruthy();
    expect(screen.getByText('buyer · buyer@example.com · 024 123 4567')).toBeTruthy();
    expect(screen.queryByText(/GHS 500/)).toBeNull();
    expect(screen.queryByText(/Supervisor/)).toBeNull();
  });
});
