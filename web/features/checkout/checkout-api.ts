// Server state of the checkout feature: payment methods (and which this server can take now),
// booking and the sandbox payment step.
import { useQuery } from '@tanstack/react-query';
import type { BookDeliveryQuery, BookingDetails, BookingResult } from '#contract/checkout';
import type { PaymentType } from '#contract/orders';
import type { PaymentAvailability, PaymentMethod, PaymentMethodInput, PaymentMethodList } from '#contract/payments';
import { api } from '../../lib/api';
import { appConfigQuery } from '../../lib/app-config';

export const paymentMethodsKey = ['payment-methods'] as const;
export const paymentMethodsQuery = { queryKey: paymentMethodsKey, queryFn: async () => (await api.get<PaymentMethodList>('/user/payment-methods')).payment_methods };

export const addPaymentMethod = (input: PaymentMethodInput) => api.post<PaymentMethod>('/user/payment-methods', input);
export const deletePaymentMethod = (id: string) => api.delete<void>(`/user/payment-methods/${id}`);
export const makeDefaultPaymentMethod = (id: string) => api.put<PaymentMethod>(`/user/payment-methods/${id}/default`);

export const bookDelivery = (query: BookDeliveryQuery) => api.post<BookingResult>('/shopping/book-delivery', undefined, { query });

export const bookingKey = (orderId: string) => ['booking', orderId] as const;
export const bookingQuery = (orderId: string) => ({ queryKey: bookingKey(orderId), queryFn: () => api.get<BookingDetails>(`/shopping/bookings/${orderId}`) });
export const answerSandboxPayment = (paymentId: string, approve: boolean) => api.post<BookingDetails>(`/shopping/payments/${paymentId}/sandbox-decision`, { approve });

/** How this server takes each payment method now (GET /api/config); undefined until it is known. */
export function usePaymentAvailability(): (type: PaymentType) => PaymentAvailability | undefined {
  const { data } = useQuery(appConfigQuery);
  return (type) => data?.payments.methods.find((m) => m.method_type === type);
}
