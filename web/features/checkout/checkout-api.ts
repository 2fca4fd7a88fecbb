// Server state of the checkout feature: payment methods, booking and the sandbox payment step.
import type { BookDeliveryQuery, BookingDetails, BookingResult } from '#contract/checkout';
import type { PaymentMethod, PaymentMethodInput, PaymentMethodList } from '#contract/payments';
import { api } from '../../lib/api';

export const paymentMethodsKey = ['payment-methods'] as const;
export const paymentMethodsQuery = { queryKey: paymentMethodsKey, queryFn: async () => (await api.get<PaymentMethodList>('/user/payment-methods')).payment_methods };

export const addPaymentMethod = (input: PaymentMethodInput) => api.post<PaymentMethod>('/user/payment-methods', input);
export const deletePaymentMethod = (id: string) => api.delete<void>(`/user/payment-methods/${id}`);
export const makeDefaultPaymentMethod = (id: string) => api.put<PaymentMethod>(`/user/payment-methods/${id}/default`);

export const bookDelivery = (query: BookDeliveryQuery) => api.post<BookingResult>('/shopping/book-delivery', undefined, { query });

export const bookingKey = (orderId: string) => ['booking', orderId] as const;
export const bookingQuery = (orderId: string) => ({ queryKey: bookingKey(orderId), queryFn: () => api.get<BookingDetails>(`/shopping/bookings/${orderId}`) });
export const answerSandboxPayment = (paymentId: string, approve: boolean) => api.post<BookingDetails>(`/shopping/payments/${paymentId}/sandbox-decision`, { approve });
