import type { SyntheticEvent } from 'react';
import { FormField } from '#web/components/ui/form-field.tsx';
import { useOrderChannels } from '../api/get-order-channels.ts';
import type { OrderFilters } from '../api/get-all-orders.ts';

type Props = {
  filters: OrderFilters;
  onApply: (next: Pick<OrderFilters, 'from' | 'to' | 'channel'>) => void;
};

const WEB = 'web';

/**
 * Manage Orders' date range and channel. The address holds them (a filtered list can be shared or reloaded) and the
 * server checks them: a range that ends before it starts comes back as the list's error.
 */
export function OrderFiltersForm({ filters, onApply }: Props) {
  const channels = useOrderChannels();
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    onApply({ from: read('from'), to: read('to'), channel: read('channel') });
  };
  const active = filters.from !== '' || filters.to !== '' || filters.channel !== '';
  // Keyed by the address's values, so Back, a tab change or Clear shows what the list is filtered by.
  const key = `${filters.from}|${filters.to}|${filters.channel}`;
  return (
    <form key={key} aria-label="Filter orders" className="flex flex-wrap items-end gap-2" onSubmit={apply}>
      <FormField label="Placed from" name="from" type="date" defaultValue={filters.from} className="w-40" />
      <FormField label="Placed to" name="to" type="date" defaultValue={filters.to} className="w-40" />
      <FormField as="select" label="Channel" name="channel" defaultValue={filters.channel} className="w-48">
        <option value="">Every channel</option>
        <option value={WEB}>Web shop</option>
        {(channels.data ?? []).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {/* A channel in the address that no order names (yet) stays choosable, so the select shows the truth. */}
        {filters.channel && filters.channel !== WEB && !channels.data?.includes(filters.channel) ? (
          <option value={filters.channel}>{filters.channel}</option>
        ) : null}
      </FormField>
      <button type="submit" className="btn btn-primary btn-sm">
        Apply filters
      </button>
      {active ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => onApply({ from: '', to: '', channel: '' })}
        >
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
