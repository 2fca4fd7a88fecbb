// − / number / + for an integer quantity. Going below 1 asks the caller to remove the line
// (spec: "a quantity of 0 triggers removal").
import { Minus, Plus } from 'lucide-react';

type QuantityStepperProps = {
  value: number;
  onChange: (value: number) => void;
  /** Called instead of onChange when the quantity would drop below 1. */
  onRemove: () => void;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  max?: number;
};

export function QuantityStepper({ value, onChange, onRemove, label, decreaseLabel, increaseLabel, max = 999 }: QuantityStepperProps) {
  const set = (next: number) => {
    if (!Number.isFinite(next)) return;
    if (next < 1) return onRemove();
    onChange(Math.min(max, Math.floor(next)));
  };
  const button = 'flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40';
  return (
    <div className="inline-flex items-center rounded-xl border border-slate-300 bg-white">
      <button type="button" className={button} onClick={() => set(value - 1)} aria-label={decreaseLabel}>
        <Minus size={16} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={value}
        aria-label={label}
        onChange={(e) => e.target.value !== '' && set(Number(e.target.value))}
        className="h-9 w-11 border-0 bg-transparent text-center text-sm font-semibold tabular-nums [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className={button} onClick={() => set(value + 1)} disabled={value >= max} aria-label={increaseLabel}>
        <Plus size={16} />
      </button>
    </div>
  );
}
