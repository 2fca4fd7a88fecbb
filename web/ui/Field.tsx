// Labelled form controls with their error message, accessible by label in tests and screen readers.
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { fr } from '#contract/messages';

const CONTROL =
  'block w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-100 disabled:text-slate-500';

const borderFor = (error?: string) => (error ? 'border-rose-500' : 'border-slate-300');

type Shared = { label: string; error?: string; hint?: ReactNode; icon?: ReactNode };

function FieldShell({ id, label, error, hint, children }: Shared & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, Shared & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, icon, className = '', id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="relative">
        {icon && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">{icon}</span>}
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${CONTROL} h-11 ${borderFor(error)} ${icon ? 'pl-10' : ''} ${className}`}
          {...rest}
        />
      </div>
    </FieldShell>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, Shared & InputHTMLAttributes<HTMLInputElement>>(function PasswordField(
  { label, error, hint, icon, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="relative">
        {icon && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">{icon}</span>}
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${CONTROL} h-11 pr-11 ${borderFor(error)} ${icon ? 'pl-10' : ''}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800"
          aria-label={visible ? fr.auth.hidePassword : fr.auth.showPassword}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={18} /> : <Eye size={18} />}
        </button>
      </div>
    </FieldShell>
  );
});

export const SelectField = forwardRef<HTMLSelectElement, Shared & SelectHTMLAttributes<HTMLSelectElement>>(function SelectField(
  { label, error, hint, id, children, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`${CONTROL} h-11 ${borderFor(error)} ${className}`}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, Shared & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, hint, id, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <FieldShell id={areaId} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : undefined}
        className={`${CONTROL} py-2.5 ${borderFor(error)} ${className}`}
        {...rest}
      />
    </FieldShell>
  );
});

export const Checkbox = forwardRef<HTMLInputElement, { label: ReactNode; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>>(function Checkbox(
  { label, hint, id, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input ref={ref} id={boxId} type="checkbox" className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700" {...rest} />
      <label htmlFor={boxId} className="text-sm text-slate-700">
        <span className="font-medium">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </label>
    </div>
  );
});
