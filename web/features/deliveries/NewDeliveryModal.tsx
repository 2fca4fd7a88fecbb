// 'Nouvelle demande de livraison': list, address, GPS position, date (no past dates), time slot,
// notes. The server optimises the list at the best prices and books it with cash on delivery.
import { zodResolver } from '@hookform/resolvers/zod';
import { Crosshair, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import { DELIVERY_REQUEST_SLOTS, DeliveryRequestFormSchema, type DeliveryRequestForm } from '#contract/orders';
import { errorMessage } from '../../lib/api';
import { formatCoordinate } from '../../lib/geolocation';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { SelectField, TextAreaField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { useCreateDelivery, useListsForDelivery } from './deliveries-queries';
import { ListAvailability } from './ListAvailability';

const texts = fr.delivery;
const GPS_TIMEOUT_MS = 10_000;

export function NewDeliveryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const lists = useListsForDelivery(open);
  // The lists saved for offline reading are shown only until the fresh ones arrive.
  const choices = lists.isFetching ? undefined : lists.data;
  const create = useCreateDelivery();
  const [locating, setLocating] = useState(false);
  const { register, handleSubmit, setValue, watch, reset, control, formState } = useForm<DeliveryRequestForm, unknown, z.output<typeof DeliveryRequestFormSchema>>({
    resolver: zodResolver(DeliveryRequestFormSchema),
    defaultValues: { shopping_list_id: '', delivery_address: '', delivery_date: '', delivery_time_slot: '' as never, notes: '' },
  });
  const errors = formState.errors;
  const [latitude, longitude] = watch(['latitude', 'longitude']);

  const close = () => {
    reset();
    onClose();
  };

  const locate = () => {
    if (!('geolocation' in navigator)) return notifyError(texts.positionError);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setValue('latitude', position.coords.latitude, { shouldValidate: formState.isSubmitted });
        setValue('longitude', position.coords.longitude, { shouldValidate: formState.isSubmitted });
        setLocating(false);
        notifySuccess(texts.positionOk);
      },
      () => {
        setLocating(false);
        notifyError(texts.positionError);
      },
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ ...values, notes: values.notes?.trim() ? values.notes.trim() : null });
      notifySuccess(texts.created);
      close();
    } catch (error) {
      notifyError(errorMessage(error, texts.createError));
    }
  });

  const hasPosition = typeof latitude === 'number' && typeof longitude === 'number';
  return (
    <Modal
      open={open}
      title={texts.modalTitle}
      onClose={close}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {fr.common.cancel}
          </Button>
          <Button type="submit" form="new-delivery-form" busy={create.isPending} busyLabel={texts.submitting}>
            {texts.submit}
          </Button>
        </>
      }
    >
      <form id="new-delivery-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <SelectField label={texts.list} error={errors.shopping_list_id?.message} {...register('shopping_list_id')}>
          <option value="">{choices ? texts.chooseList : fr.common.loading}</option>
          {choices?.deliverable.map((list) => (
            <option key={list.id} value={list.id}>
              {texts.listOption(list.name, list.item_count)}
            </option>
          ))}
        </SelectField>
        {choices && <ListAvailability lists={choices} />}

        <TextAreaField label={texts.address} rows={2} placeholder={texts.addressPlaceholder} autoComplete="street-address" error={errors.delivery_address?.message} {...register('delivery_address')} />

        <div className="space-y-1.5">
          <Button variant="secondary" size="sm" onClick={locate} busy={locating} busyLabel={texts.locating} icon={<Crosshair size={16} aria-hidden="true" />}>
            {texts.gps}
          </Button>
          {hasPosition && (
            <p className="flex items-center gap-1.5 text-sm text-brand-800" data-testid="gps-position">
              <MapPin size={14} aria-hidden="true" />
              {texts.positionShown(formatCoordinate(latitude), formatCoordinate(longitude))}
            </p>
          )}
          {!hasPosition && (errors.latitude || errors.longitude) && (
            <p className="text-sm text-rose-600" role="alert">
              {errors.latitude?.message ?? errors.longitude?.message}
            </p>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-[11rem_minmax(0,1fr)]">
          <Controller
            control={control}
            name="delivery_date"
            render={({ field }) => (
              <DateField
                label={texts.date}
                placeholder={texts.datePlaceholder}
                pickLabel={texts.pickDate}
                min={todayInGabon()}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.delivery_date?.message}
              />
            )}
          />
          <SelectField label={texts.slot} error={errors.delivery_time_slot?.message} {...register('delivery_time_slot')}>
            <option value="">{texts.chooseSlot}</option>
            {DELIVERY_REQUEST_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </SelectField>
        </div>

        <TextAreaField label={texts.notes} rows={2} placeholder={texts.notesPlaceholder} error={errors.notes?.message} {...register('notes')} />
        <p className="rounded-xl bg-slate-50 p-3 text-xs text-slate-600">{texts.cashNotice}</p>
      </form>
    </Modal>
  );
}
