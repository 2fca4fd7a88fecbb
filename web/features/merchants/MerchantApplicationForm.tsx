// « Demander un compte commerçant »: the store (one of the listed stores), the manager's name and
// phone, validated by the contract's schema (the server's own).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Phone, Send, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MerchantApplicationSchema, type MerchantApplication } from '#contract/merchants';
import { fr } from '#contract/messages';
import type { Store } from '#contract/stores';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { applyForMerchant, merchantKeys } from './merchants-api';
import { StorePicker } from './StorePicker';

const t = fr.merchantsUi;

export function MerchantApplicationForm({ initial }: { initial?: Pick<MerchantApplication, 'manager_name' | 'phone'> }) {
  const client = useQueryClient();
  const [store, setStore] = useState<Store | null>(null);
  const { register, handleSubmit, control, formState } = useForm<MerchantApplication>({
    resolver: zodResolver(MerchantApplicationSchema),
    defaultValues: { store_id: '', manager_name: initial?.manager_name ?? '', phone: initial?.phone ?? '' },
  });
  const apply = useMutation({
    mutationFn: applyForMerchant,
    onSuccess: (merchant) => {
      client.setQueryData(merchantKeys.me, merchant);
      notifySuccess(t.sent);
    },
    onError: (error) => notifyError(errorMessage(error, t.sendError)),
  });
  const submit = handleSubmit((values) => apply.mutate(values));

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t.applyTitle}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.applyText}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-4" aria-label={t.applyTitle}>
        <Controller
          name="store_id"
          control={control}
          render={({ field, fieldState }) => (
            <StorePicker
              value={store}
              onChange={(next) => {
                setStore(next);
                field.onChange(next?.id ?? '');
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField label={t.managerName} placeholder={t.managerNamePlaceholder} autoComplete="name" icon={<UserRound size={18} />} maxLength={100} error={formState.errors.manager_name?.message} {...register('manager_name')} />
        <TextField label={t.phone} placeholder={t.phonePlaceholder} type="tel" autoComplete="tel" inputMode="tel" icon={<Phone size={18} />} hint={t.phoneHint} error={formState.errors.phone?.message} {...register('phone')} />
        <Button type="submit" block busy={apply.isPending} icon={<Send size={16} aria-hidden="true" />}>
          {t.submit}
        </Button>
      </form>
    </Card>
  );
}
