import { addressLines } from './address-text.ts';

type Props = {
  address: Parameters<typeof addressLines>[0];
  className?: string;
};

/** An address as written on a parcel, a line each, with its phone number below. */
export function PostalAddress({ address, className }: Props) {
  return (
    <address className={`not-italic break-words${className ? ` ${className}` : ''}`}>
      {addressLines(address).map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
      {address.phone ? <span className="block">{address.phone}</span> : null}
    </address>
  );
}
