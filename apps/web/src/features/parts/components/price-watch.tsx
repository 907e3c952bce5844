import { useState } from 'react';
import type { Part } from '@parts-shop/shared/part';
import { useAuth } from '#web/lib/auth.tsx';
import { usePriceHistory } from '../api/get-price-history.ts';
import { AlertForm } from '#web/components/alert-form.tsx';
import { PriceHistoryChart } from './price-history-chart.tsx';

export default function PriceWatch({ part }: { part: Part }) {
  const { user } = useAuth();
  const history = usePriceHistory(part._id);
  // The line runs to the moment the page opened.
  const [now] = useState(() => Date.now());
  return (
    <>
      {history.data ? <PriceHistoryChart history={history.data} now={now} /> : null}
      {user ? <AlertForm part={part} /> : null}
    </>
  );
}
