import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@parts-shop/shared/ui-messages';
import type { Part } from '@parts-shop/shared/part';

type Props = {
  part: Pick<Part, '_id' | 'available'>;
  describedBy: string;
};

/**
 * The contract's Purchase rule, on a card and on the part's page alike: with stock it goes to /purchase/{id};
 * without, it steps back from the primary style (an outline), and a press says 'Not Available' in red and goes
 * nowhere.
 */
export function PurchaseButton({ part, describedBy }: Props) {
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const soldOut = part.available <= 0;

  function purchase() {
    if (!soldOut) {
      setMessage('');
      void navigate(`/purchase/${encodeURIComponent(part._id)}`);
    } else {
      setMessage(messages.notAvailable);
    }
  }

  return (
    <>
      <button
        type="button"
        className={soldOut ? 'btn btn-outline' : 'btn btn-primary'}
        aria-describedby={describedBy}
        onClick={purchase}
      >
        Purchase
      </button>
      <p role="status" className="min-h-6 text-center font-semibold text-error">
        {message}
      </p>
    </>
  );
}
